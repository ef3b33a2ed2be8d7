#!/usr/bin/env bash
# Full-screen app: unknown escape sequences (Alt-x, Ctrl-Right, any CSI) are never typed, and
# Ctrl-Z hands the terminal to the shell (job control) and `fg` brings the app back, redrawn
# with the input as it was. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" keys
cat > "$work/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
raw() { "$TUI" raw "$s" "$1"; }

# An interactive shell with job control, running the app.
"$TUI" start "$s" 70x16 --env PS1='shell-prompt$ ' -- bash --norc --noprofile -i
"$TUI" wait "$s" 'shell-prompt\$' 10
"$TUI" type "$s" "'$LANTERNLY_BIN' --home '$work/home' --profile '$work/profile.json' --lang en"
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'Enter send' 10

# Unknown sequences vanish whole; a known one (Ctrl-Right) moves the cursor.
raw $'\e[99;99Z'; raw $'\ex'; raw $'\e[1;5C'; raw $'\e[4~'
"$TUI" type "$s" "abc"
raw $'\e[1;5D'   # Ctrl-Left: the cursor steps left
"$TUI" type "$s" "X"
"$TUI" wait "$s" '^› abXc *$' 5
if "$TUI" screen "$s" | grep -q '\['; then echo "sequence text reached the screen"; "$TUI" screen "$s"; exit 1; fi
# In the journal list an unknown sequence does not act as Esc (which would go back to chat).
"$TUI" keys "$s" F4
"$TUI" wait "$s" 'Journal' 5
raw $'\e[99~'
sleep 0.3
"$TUI" screen "$s" | grep -q 'Journal' || { echo "an unknown sequence left the journal"; "$TUI" screen "$s"; exit 1; }
"$TUI" keys "$s" Escape
"$TUI" wait "$s" 'Enter send' 5

# Ctrl-Z: the shell is back (the app is stopped), then fg redraws it with the input kept.
"$TUI" keys "$s" C-z
"$TUI" wait "$s" 'Stopped' 5
"$TUI" wait "$s" 'shell-prompt\$ *$' 5
"$TUI" type "$s" "echo shell-answers-\$((6*7))"
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'shell-answers-42' 5
"$TUI" type "$s" "fg"
"$TUI" keys "$s" Enter
"$TUI" wait "$s" '^› abXc *$' 5
"$TUI" wait "$s" 'Enter send' 5
"$TUI" gone "$s" 'shell-answers-42' 5   # the whole screen was repainted
"$TUI" type "$s" "d"
"$TUI" wait "$s" '^› abXdc *$' 5
"$TUI" keys "$s" C-c
"$TUI" wait "$s" 'shell-prompt\$ *$' 5
echo "keys ok"
