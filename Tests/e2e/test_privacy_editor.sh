#!/usr/bin/env bash
# The editor's file (issue 9 §1): 0600 in the person's own 0700 state/editor folder, never in
# the shared temporary folder, removed afterwards; Ctrl-C in the editor loses nothing and
# leaves lanternly running to keep a draft; SIGTERM to lanternly keeps a draft and removes
# the file. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tui-lib.sh" ed
trap 'cleanup; cleanup_e2e' EXIT
export TMPDIR="$H/tmp"; mkdir -p "$TMPDIR"

# An editor that notes where its file is and how private, writes words, then waits for a line.
cat > "$H/editor.sh" <<'SH'
#!/bin/sh
f="$1"
printf '%s %s %s\n' "$(stat -c %a "$f")" "$(stat -c %a "$(dirname "$f")")" "$f" > "$EDITOR_LOG"
printf 'words typed in the editor %s\n' "$EDITOR_WORDS" > "$f"
printf 'editor-ready> '
read -r line
SH
chmod +x "$H/editor.sh"
# lanternly runs under bash, which prints its exit status (bash goes on after a child that
# survived Ctrl-C, and stops with one that was killed by it: no "rc=" line then).
start() {  # NAME WORDS
  tui start "$1" 80x24 --env LANTERNLY_HOME="$H" --env TMPDIR="$TMPDIR" --env EDITOR="$H/editor.sh" \
    --env EDITOR_LOG="$H/editor-$1.log" --env EDITOR_WORDS="$2" -- \
    bash -c '"$0" write --quiet; echo "rc=$?"; sleep 60' "$L"
  tui wait "$1" "editor-ready>" 10 || fail "the editor did not start"
}
no_leftovers() {
  local left
  left="$(ls -A "$H/state/editor" "$TMPDIR" 2>/dev/null | grep -v '^$' | grep -v ':$' || true)"
  [ -z "$left" ] || fail "files left behind: $left"
  ! grep -rqs "words typed in the editor" "$TMPDIR" "$H/state/editor" || fail "editor text left on disk"
}

# 1. Saved: the file was 0600 in a 0700 folder of our own, and is gone afterwards.
start e1 "one"
tui keys e1 Enter
tui wait e1 "rc=0" 10 || fail "write failed: $(tui screen e1)"
read -r fmode dmode path < "$H/editor-e1.log"
[ "$fmode" = 600 ] || fail "editor file mode $fmode"
[ "$dmode" = 700 ] || fail "editor folder mode $dmode"
case "$path" in "$H/state/editor/"*) ;; *) fail "editor file outside state/editor: $path" ;; esac
"$L" list | grep -q "words typed in the editor one" || fail "entry not saved"
no_leftovers

# 2. Ctrl-C while the editor is open: the editor ends; lanternly does not (it ignores SIGINT
#    while waiting, as git does), keeps the text as a recovery draft and exits 1.
start e2 "two"
tui keys e2 C-c
tui wait e2 "rc=1" 10 || fail "lanternly did not survive Ctrl-C to keep the text: $(tui screen e2)"
tui screen e2 | grep -q "recovery draft" || fail "no recovery draft mentioned: $(tui screen e2)"
"$L" write --recover --list | grep -q "words typed in the editor two" || fail "the text was lost"
no_leftovers

# 3. SIGTERM to lanternly while the editor is open: a draft, no file left, ended by SIGTERM.
start e3 "three"
shell="$(tui tmux display-message -p -t e3 '#{pane_pid}')"
pid="$(cat "/proc/$shell/task/$shell/children" | tr -d ' ')"  # the one lanternly this test started
grep -qa "write" "/proc/$pid/cmdline" || fail "process $pid is not our lanternly"
kill -TERM "$pid"
tui wait e3 "rc=143" 10 || fail "not ended by SIGTERM: $(tui screen e3)"
"$L" write --recover --list | grep -q "words typed in the editor three" || fail "the text was lost on SIGTERM"
no_leftovers
echo "editor file private and cleaned up; Ctrl-C and SIGTERM keep a draft"
