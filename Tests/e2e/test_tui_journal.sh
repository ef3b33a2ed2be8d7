#!/usr/bin/env bash
# Full-screen app, Journal screen: write an entry in the editor, save, see it listed under
# today and Luna's reflection in the chat; hand an entry to $EDITOR and come back to a
# restored screen; entries survive a restart. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" journal
cat > "$work/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
# An "editor" that appends a line to the file it is given.
cat > "$work/editor.sh" <<'SH'
#!/bin/sh
sleep 0.3
printf 'Written in the editor @outside\n' >> "$1"
SH
chmod +x "$work/editor.sh"
start() {
  "$TUI" start "$s" 80x24 --env EDITOR="$work/editor.sh" --env VISUAL="$work/editor.sh" -- \
    "$LANTERNLY_BIN" --home "$work/home" --profile "$work/profile.json" --lang en
  "$TUI" wait "$s" 'Enter send' 10
}
start
"$TUI" keys "$s" F4
"$TUI" wait "$s" 'Journal \(0\)' 5
"$TUI" keys "$s" n
"$TUI" wait "$s" 'Ctrl-S save' 5
"$TUI" type "$s" "A quiet morning with tea @calm"
"$TUI" keys "$s" Enter
"$TUI" type "$s" "Вторая строка 日本"
"$TUI" keys "$s" C-s
"$TUI" wait "$s" 'Entry saved' 5
"$TUI" wait "$s" "$(date +%Y-%m-%d)" 5
"$TUI" wait "$s" 'A quiet morning with tea' 5

# Hand a new entry to $EDITOR: curses is suspended and comes back.
"$TUI" keys "$s" e
"$TUI" wait "$s" 'Journal \(2\)' 10
"$TUI" wait "$s" 'Written in the editor' 5

# Read one; back to the chat, where Luna's reflection waits.
"$TUI" keys "$s" Down
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'Вторая строка 日本' 5
"$TUI" keys "$s" Escape
"$TUI" keys "$s" Escape
"$TUI" wait "$s" 'Luna +·' 10

# After a restart the entries are still there.
"$TUI" keys "$s" C-c
"$TUI" stop "$s"
start
"$TUI" keys "$s" F4
"$TUI" wait "$s" 'Journal \(2\)' 5
"$TUI" keys "$s" C-c
echo "journal ok"
