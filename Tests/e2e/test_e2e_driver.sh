#!/usr/bin/env bash
# The project's own tmux driver: it needs nothing outside the repository, drives a program
# (type, keys, screen, wait, resize, exit status), leaves no socket behind, and removes stale
# lanternly-e2e-* sockets left by earlier runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# 1. Nothing the tests run names a path outside the clone.
outside="$(printf '%s' '../sha''red')"; abs="$(printf '%s' '/wo''rk/')"
hits=$(grep -rnF -e "$outside" -e "$abs" "$root/Tests" "$root/Makefile" "$root/.ci" 2>/dev/null || true)
[ -z "$hits" ] || { echo "paths outside the repository: $hits"; exit 1; }

# 2. A stale socket from an earlier run (no server answers on it) is removed on sourcing.
sockdir="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)"; mkdir -p "$sockdir"; chmod 700 "$sockdir"
stale="$sockdir/lanternly-e2e-stale$$"
python3 -c 'import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1])' "$stale"
[ -S "$stale" ] || { echo "could not make a stale socket"; exit 1; }
# …and a folder of this driver whose test was killed, its tmux server still running.
killed="$(mktemp -d "${TMPDIR:-/tmp}/lanternly-tui-XXXXXX")"
bash -c 'echo $$ > "$1"' _ "$killed/owner"   # a pid that has ended
tmux -S "$killed/tmux.sock" -f /dev/null new-session -d -s orphan 'sleep 300'
tmux -S "$killed/tmux.sock" set -s exit-empty off >/dev/null
source "$here/tui.sh"
[ ! -e "$stale" ] || { rm -f "$stale"; echo "stale socket left in place"; exit 1; }
if [ -e "$killed" ] || tmux -S "$killed/tmux.sock" list-sessions >/dev/null 2>&1; then
  tmux -S "$killed/tmux.sock" kill-server 2>/dev/null; rm -rf "$killed"; echo "a killed test's server was left running"; exit 1
fi
trap tui_cleanup EXIT

# 3. The driver drives: type (UTF-8), keys, wait, resize, status.
s=drv$$
tui start "$s" 40x8 -- bash --norc --noprofile -c 'IFS= read -r line; printf "got[%s] cols=%s\n" "$line" "$(tput cols)"; sleep 1; exit 7'
tui type "$s" "мир 日本"
tui keys "$s" Enter
tui wait "$s" '^got\[мир 日本\] cols=40' 5
tui resize "$s" 25x6
[ "$(tui tmux display-message -p -t "$s" '#{window_width}x#{window_height}')" = 25x6 ] || { echo "resize did not apply"; exit 1; }
if tui wait "$s" 'never-on-screen' 1 2>/dev/null; then echo "wait matched text that is not there"; exit 1; fi
tui gone "$s" 'never-on-screen' 1
for _ in $(seq 1 50); do tui alive "$s" || break; sleep 0.1; done
! tui alive "$s" || { echo "the program did not end"; exit 1; }
[ "$(tui status "$s")" = 7 ] || { echo "exit status not read: $(tui status "$s")"; exit 1; }

# 4. Clean-up ends the server and removes its socket.
sock="$TUI_SOCK"; dir="$TUI_DIR"
tui_cleanup; trap - EXIT
[ ! -e "$sock" ] && [ ! -e "$dir" ] || { echo "socket or folder left: $dir"; exit 1; }
! tmux -S "$sock" list-sessions >/dev/null 2>&1 || { echo "server still running"; exit 1; }
echo "driver ok"
