# Shared set-up for the tmux tests: finds ../shared/tools/tui (beside the clone, as in CI),
# gives each test a private tmux server, a work folder and a session name, and cleans up.
# Usage: source "$(dirname "$0")/tui-lib.sh" NAME     → $TUI, $work, $s, $here
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TUI="${TUI:-}"
for c in "$here/../../../shared/tools/tui" "$here/../../shared/tools/tui" /work/shared/tools/tui; do
  [ -z "$TUI" ] && [ -x "$c" ] && TUI="$c"
done
[ -n "$TUI" ] || { echo "tui driver not found: expected ../shared/tools/tui beside the repository"; exit 1; }
export TUI_SOCKET="lanternly-e2e-$$"
work="$(mktemp -d)"; s="${1:-tui}$$"
cleanup() { "$TUI" stop "$s" || true; tmux -L "$TUI_SOCKET" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
