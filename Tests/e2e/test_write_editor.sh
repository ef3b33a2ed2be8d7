#!/usr/bin/env bash
# `lanternly write` hands off to $EDITOR on a terminal; the editor can read the keyboard
# (it runs in the terminal's foreground process group), and what it saves becomes the entry.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tui-lib.sh" ed
trap 'cleanup; cleanup_e2e' EXIT
cat > "$H/editor.sh" <<'SH'
#!/bin/sh
printf 'editor> '
read -r line
printf '%s\n' "$line" > "$1"
SH
chmod +x "$H/editor.sh"
"$TUI" start "$s" 80x24 --env LANTERNLY_HOME="$H" --env EDITOR="$H/editor.sh" -- \
  bash -c "'$L' write --quiet; echo rc=\$?; sleep 30"
"$TUI" wait "$s" "editor>" 10 || fail "the editor did not start"
"$TUI" type "$s" "written in the editor"
"$TUI" keys "$s" Enter
"$TUI" wait "$s" "rc=0" 10 || fail "write did not finish: $("$TUI" screen "$s")"
out=$("$L" list)
grep -q "written in the editor" <<<"$out" || fail "entry not saved: $out"
