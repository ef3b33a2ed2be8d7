# Set-up for the tmux tests: the project's driver (tui.sh), a private tmux server, a work folder
# and a session name, all removed on exit.
# Usage: source "$(dirname "$0")/tui-lib.sh" NAME     → tui (and $TUI=tui), $work, $s, $here
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/tui.sh"
TUI=tui
work="$(mktemp -d)"; s="${1:-tui}$$"
cleanup() { tui_cleanup; rm -rf "$work"; }
trap cleanup EXIT
