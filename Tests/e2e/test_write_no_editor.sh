#!/usr/bin/env bash
# Editors as git finds them: $VISUAL, $EDITOR, then `editor`, `sensible-editor`, `vi` on $PATH.
# With none at all, `lanternly write` in a terminal reads the entry until Ctrl-D (as jrnl does),
# and the app's `e` says what to do (no suggestion of an editor that may not exist).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tui.sh"
trap 'tui_cleanup; cleanup_e2e' EXIT
bin="$H/bin"; mkdir -p "$bin"
for t in env bash sh cat sleep printf; do ln -s "$(command -v $t)" "$bin/$t"; done
s=ed$$
# 1. No editor anywhere: type the entry, Ctrl-D saves it.
tui start "$s" 90x20 --env PATH="$bin" --env EDITOR= --env VISUAL= --env LANTERNLY_HOME="$H" -- \
  bash -c "unset EDITOR VISUAL; '$L' write; echo rc=\$?; sleep 30"
tui wait "$s" 'Ctrl-D' 10 || fail "no hint to type the entry"
tui type "$s" "Typed without an editor, ёлка 日本"; tui keys "$s" Enter
tui type "$s" "second line"; tui keys "$s" Enter
tui keys "$s" C-d
tui wait "$s" 'rc=0' 10
"$L" list -n 5 | grep -q "Typed without an editor, ёлка 日本" || fail "the typed entry was not saved: $("$L" list)"
# 2. `editor` on $PATH is used when $VISUAL and $EDITOR are unset.
cat > "$bin/editor" <<'SH'
#!/bin/sh
printf 'from the editor on PATH\n' > "$1"
SH
chmod +x "$bin/editor"
tui start "$s" 90x20 --env PATH="$bin" --env LANTERNLY_HOME="$H" -- bash -c "unset EDITOR VISUAL; '$L' write; echo rc=\$?; sleep 30"
tui wait "$s" 'rc=0' 10
"$L" list -n 5 | grep -q "from the editor on PATH" || fail "'editor' on PATH was not used"
rm "$bin/editor"
# 3. The app's `e` with no editor: a message that says what to do, and the app goes on.
cat > "$H/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
tui start "$s" 100x24 --env PATH="$bin" -- bash -c "unset EDITOR VISUAL; exec '$L' --home '$H' --profile '$H/profile.json' --lang en"
tui wait "$s" 'Enter send' 10
tui keys "$s" F4
tui wait "$s" 'Journal' 5
tui type "$s" "e"
tui wait "$s" 'No text editor was found' 5 || fail "no message for a missing editor"
if tui screen "$s" | grep -q nano; then fail "suggested nano"; fi
tui alive "$s" || fail "the app ended"
tui keys "$s" C-c
echo "no editor ok"
