# The project's own tmux driver for the end-to-end tests. Source it; it defines `tui`.
#
#   tui start NAME COLSxROWS [--env K=V ...] -- CMD [ARG...]  run CMD in a new detached session
#   tui type NAME TEXT...          type literal text (UTF-8 is fine)
#   tui keys NAME KEY...           press keys by tmux name: Enter Escape BSpace Up C-c C-w F2 …
#   tui raw NAME BYTES             send bytes as they are (escape sequences, for instance)
#   tui paste NAME FILE            paste FILE as a bracketed paste (as a terminal does)
#   tui screen NAME [-e]           print the visible screen (-e: with its SGR sequences)
#   tui wait NAME REGEX [SECONDS]  until the screen matches REGEX (default 10 s); else print it, exit 1
#   tui gone NAME REGEX [SECONDS]  until the screen no longer matches REGEX
#   tui resize NAME COLSxROWS      resize the terminal (the program gets SIGWINCH)
#   tui alive NAME                 exit 0 while the program runs
#   tui status NAME                the program's exit status, once it has ended
#   tui stop NAME                  end the session
#   tui tmux ARGS...               any other tmux command on the private server
#   tui_cleanup                    end the private server and remove its folder (run it on EXIT)
#
# Every test gets its own server on a socket inside its own temporary folder (tmux -S), so tests
# never meet each other or a person's tmux, and nothing is left in /tmp/tmux-UID. Sessions keep
# their pane after the program exits, so its last screen and exit status can still be read.
# Sourcing also removes `lanternly-e2e-*` sockets left in /tmp/tmux-UID by earlier runs whose
# server no longer answers, and ends the servers of this driver's folders whose test is gone
# (killed before its clean-up ran).

command -v tmux >/dev/null || { echo "tmux is not installed (make deps installs it)" >&2; exit 2; }

TUI_DIR="$(mktemp -d "${TMPDIR:-/tmp}/lanternly-tui-XXXXXX")"
TUI_SOCK="$TUI_DIR/tmux.sock"
echo "$$" > "$TUI_DIR/owner"  # the test's shell: a later sweep ends the server once it is gone
# remain-on-exit is in the configuration, so it holds even for a program that ends at once.
# (window-size manual is not set here: tmux 3.3a crashes on it at new-session; resize-window
# switches a window to manual sizing by itself. exit-empty off: stopping the last session and
# starting the next must not race the server shutting down.)
printf '%s\n' 'set -g remain-on-exit on' 'set -g status off' \
  'set -g history-limit 2000' 'set -sg escape-time 0' 'set -s exit-empty off' > "$TUI_DIR/tmux.conf"

_tui_t() { tmux -S "$TUI_SOCK" -f "$TUI_DIR/tmux.conf" "$@"; }

_tui_sweep_stale() {
  local dir="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)" f
  [ -d "$dir" ] || return 0
  for f in "$dir"/lanternly-e2e-*; do
    [ -S "$f" ] || continue
    # Older runs named their server lanternly-e2e-PID. One that still answers belongs to a
    # run in progress, unless that test process is gone.
    if tmux -S "$f" list-sessions >/dev/null 2>&1; then
      local pid="${f##*-}"
      case "$pid" in ''|*[!0-9]*) continue ;; esac
      kill -0 "$pid" 2>/dev/null && continue
      tmux -S "$f" kill-server >/dev/null 2>&1 || true
    fi
    rm -f "$f"
  done
  # This driver's own folders from runs that were killed before their clean-up ran.
  local d owner
  for d in "${TMPDIR:-/tmp}"/lanternly-tui-*; do
    [ -d "$d" ] && [ "$d" != "$TUI_DIR" ] && [ -f "$d/owner" ] || continue
    owner="$(cat "$d/owner" 2>/dev/null)"
    case "$owner" in ''|*[!0-9]*) continue ;; esac
    kill -0 "$owner" 2>/dev/null && continue
    tmux -S "$d/tmux.sock" kill-server >/dev/null 2>&1 || true
    rm -rf "$d"
  done
}
_tui_sweep_stale

tui_cleanup() {
  [ -n "${TUI_DIR:-}" ] || return 0
  _tui_t kill-server >/dev/null 2>&1 || true
  rm -rf "$TUI_DIR"
}

_tui_match() {  # NAME REGEX → 0 when the screen matches
  _tui_t capture-pane -p -t "$1" 2>/dev/null | grep -Eq -- "$2"
}

tui() {
  local cmd="${1:-}"; shift || true
  case "$cmd" in
    start)
      local name="$1" size="$2"; shift 2
      local cols="${size%x*}" rows="${size#*x}" envs=()
      while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
        [ "$1" = "--env" ] || { echo "tui start: expected --env K=V or --, got $1" >&2; return 2; }
        envs+=("$2"); shift 2
      done
      [ "${1:-}" = "--" ] && shift
      [ "$#" -gt 0 ] || { echo "tui start: no command" >&2; return 2; }
      _tui_t kill-session -t "=$name" >/dev/null 2>&1 || true
      _tui_t new-session -d -s "$name" -x "$cols" -y "$rows" -- \
        env TERM="${TUI_TERM:-xterm-256color}" LANG="${LANG:-C.UTF-8}" "${envs[@]}" "$@"
      _tui_t resize-window -t "$name" -x "$cols" -y "$rows" >/dev/null 2>&1 || true
      ;;
    type)   local name="$1"; shift; _tui_t send-keys -t "$name" -l -- "$*" ;;
    keys)   local name="$1"; shift; _tui_t send-keys -t "$name" "$@" ;;
    raw)    _tui_t send-keys -t "$1" -l -- "$2" ;;
    paste)
      _tui_t load-buffer -b tui-paste "$2"
      _tui_t paste-buffer -p -d -b tui-paste -t "$1" ;;
    screen)
      if [ "${2:-}" = "-e" ]; then _tui_t capture-pane -e -p -t "$1"; else _tui_t capture-pane -p -t "$1"; fi ;;
    wait|gone)
      local name="$1" re="$2" secs="${3:-10}" hit end
      end=$(( $(date +%s) + secs ))
      while :; do
        if _tui_match "$name" "$re"; then hit=1; else hit=0; fi
        [ "$cmd" = wait ] && [ "$hit" = 1 ] && return 0
        [ "$cmd" = gone ] && [ "$hit" = 0 ] && return 0
        if [ "$(date +%s)" -ge "$end" ]; then
          echo "tui $cmd: timed out after ${secs}s on /$re/; the screen:" >&2
          _tui_t capture-pane -p -t "$name" >&2 || true
          return 1
        fi
        sleep 0.1
      done ;;
    resize) _tui_t resize-window -t "$1" -x "${2%x*}" -y "${2#*x}" ;;
    alive)  [ "$(_tui_t display-message -p -t "$1" '#{pane_dead}')" = 0 ] ;;
    status)  # the pane may close a moment before tmux has reaped the program: wait up to 5 s.
      # tmux 3.3 sometimes misses the SIGCHLD of a pane's program and leaves it a zombie with no
      # status; a SIGCHLD sent to the server makes it run waitpid again (tmux server.c).
      local st="" i
      for i in $(seq 1 50); do
        st="$(_tui_t display-message -p -t "$1" '#{pane_dead_status}' 2>/dev/null || true)"
        [ -n "$st" ] && break
        if [ "$((i % 5))" = 0 ]; then
          kill -CHLD "$(_tui_t display-message -p '#{pid}' 2>/dev/null)" 2>/dev/null || true
        fi
        sleep 0.1
      done
      [ -n "$st" ] && printf '%s\n' "$st" ;;
    stop)   _tui_t kill-session -t "=$1" >/dev/null 2>&1 || true ;;
    tmux)   _tui_t "$@" ;;
    *) sed -n '2,17p' "${BASH_SOURCE[0]}" >&2; return 2 ;;
  esac
}
