#!/usr/bin/env bash
# Full-screen app: the terminal is restored after Ctrl-C and SIGTERM (echo, icanon), and a
# dumb terminal falls back to the plain chat with one line saying why. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" quit
cat > "$work/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
app="'$LANTERNLY_BIN' --home '$work/home' --profile '$work/profile.json' --lang en"
after='echo "rc=$?"; stty -a | tr " ;" "\n\n" | grep -Ex -- "-?(echo|icanon)" | tr "\n" " "; echo; sleep 60'

# Ctrl-C arrives as a key in raw mode: quit, terminal restored.
"$TUI" start "$s" 60x15 -- bash -c "$app; $after"
"$TUI" wait "$s" 'Enter send' 10
"$TUI" type "$s" "half typed"
"$TUI" keys "$s" C-c
"$TUI" wait "$s" 'rc=0' 5
"$TUI" wait "$s" '^icanon echo *$' 5

# SIGTERM and SIGHUP: the loop ends, endwin runs.
for sig in TERM:143 HUP:129; do
  "$TUI" start "$s" 60x15 -- bash -c "bash -c 'echo \$\$ > $work/pid; exec $app'; $after"
  "$TUI" wait "$s" 'Enter send' 10
  kill -"${sig%:*}" "$(cat "$work/pid")"
  "$TUI" wait "$s" "rc=${sig#*:}" 5
  "$TUI" wait "$s" '^icanon echo *$' 5
done

# NO_COLOR: emphasis by bold/reverse/dim only — no colour in any SGR sequence on screen.
colours() {  # prints the colour SGR parameters found on the screen (30–37, 40–47, 90–97, 38;…, 48;…)
  "$TUI" screen "$s" -e | python3 -c '
import re, sys
found = set()
for params in re.findall(r"\x1b\[([0-9;]*)m", sys.stdin.read()):
    for p in params.split(";"):
        if p and (30 <= int(p) <= 38 or 40 <= int(p) <= 48 or 90 <= int(p) <= 107):
            found.add(p)
print(" ".join(sorted(found)))'
}
"$TUI" start "$s" 60x15 -- bash -c "$app"
"$TUI" wait "$s" 'Enter send' 10
[ -n "$(colours)" ] || { echo "expected colour without NO_COLOR (is the check blind?)"; exit 1; }
"$TUI" keys "$s" C-c
"$TUI" start "$s" 60x15 --env NO_COLOR=1 -- bash -c "$app"
"$TUI" wait "$s" 'Enter send' 10
[ -z "$(colours)" ] || { echo "colour under NO_COLOR: $(colours)"; exit 1; }
"$TUI" keys "$s" C-c

# TERM=dumb: no curses; the plain chat with a reason.
"$TUI" start "$s" 60x15 --env TERM=dumb -- bash -c "$app; $after"
"$TUI" wait "$s" 'dumb' 10
"$TUI" alive "$s"
echo "quit ok"
