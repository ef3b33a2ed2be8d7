#!/usr/bin/env bash
# What the command line prints: a reader that leaves early (`| head -1`) is normal (exit 0, no
# error); entry text on a terminal never carries characters that change how what follows is
# drawn; the plain chat answers /help and names an unknown /word instead of sending it to Luna.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tui.sh"
trap 'tui_cleanup; cleanup_e2e' EXIT
for i in $(seq 1 40); do printf 'entry number %s with a long line of text to fill the pipe buffer quickly\n' "$i"; done > "$H/lines.txt"
"$L" write --quiet "first $(cat "$H/lines.txt")" >/dev/null 2>&1
"$L" write --quiet "second entry" >/dev/null 2>&1

# 1. Readers that close early: quiet, exit 0. `true` leaves before anything is written.
for cmd in "list" "list --json" "search entry" "export --format txt" "history"; do
  for _ in 1 2 3; do
    rc=$( { "$L" $cmd 2>"$H/err"; echo $? > "$H/rc"; } | true; cat "$H/rc")
    [ "$rc" = 0 ] || fail "'$cmd | true' exited $rc: $(cat "$H/err")"
    [ ! -s "$H/err" ] || fail "'$cmd | true' printed: $(cat "$H/err")"
  done
done
first=$("$L" list | head -1)
[ -n "$first" ] || fail "list | head -1 printed nothing"
# A real write failure is still an error.
if [ -w /dev/full ]; then
  set +e; "$L" export --format txt > /dev/full 2>"$H/err"; rc=$?; set -e
  [ "$rc" -ne 0 ] && [ -s "$H/err" ] || fail "a full disk was not reported (rc $rc)"
fi

# 2. Layout-changing characters in entry text never reach a terminal.
"$L" write --quiet $'trick \u202eevil\u2066 text \u2028 next \ufff9hidden\ufffb end' >/dev/null
s=out$$
for cmd in "list" "search trick" "history"; do
  tui start "$s" 100x20 --env LANTERNLY_HOME="$H" -- bash -c "'$L' $cmd; echo END-OF-OUTPUT; sleep 30"
  tui wait "$s" 'END-OF-OUTPUT' 10
  screen="$(tui screen "$s")"
  if grep -qP '[\x{202a}-\x{202e}\x{2066}-\x{2069}\x{2028}\x{2029}\x{fff9}-\x{fffb}]' <<<"$screen"; then
    fail "'$cmd' printed a layout-changing character to the terminal"
  fi
  if [ "$cmd" != history ]; then grep -q 'trick evil' <<<"$screen" || fail "'$cmd' lost the text: $screen"; fi
  tui stop "$s"
done
# A file or pipe gets the text as written.
"$L" list --json | grep -q $'\u202e' || fail "the JSON lost a character of the entry"

# 3. Plain chat: /help lists the commands; an unknown /word says so; neither goes to Luna.
out=$(printf '/help\n/frobnicate now\n/quit\n' | "$L" chat --plain 2>&1)
grep -q '/quit' <<<"$out" || fail "/help did not list the commands: $out"
grep -q 'no command /frobnicate' <<<"$out" || fail "unknown /word not named: $out"
! grep -q 'Luna (' <<<"$out" || fail "a /command was sent to Luna: $out"
[ -z "$("$L" history)" ] || fail "a /command was kept as a chat turn"
out=$(printf '/ not sure what to say\n' | "$L" chat --plain 2>&1)
grep -q 'Luna (' <<<"$out" || fail "a message starting with '/ ' was not sent: $out"

# 4. history erase asks first: refused without a terminal unless --yes; in a terminal, n keeps.
printf 'keep this line\n' | "$L" chat --plain >/dev/null
set +e; out=$("$L" history erase 2>&1 </dev/null); rc=$?; set -e
[ "$rc" -ne 0 ] || fail "history erase without a terminal or --yes erased"
grep -q -- '--yes' <<<"$out" || fail "the refusal does not mention --yes: $out"
"$L" history | grep -q "keep this line" || fail "history was erased unasked"
s=erase$$
tui start "$s" 100x20 --env LANTERNLY_HOME="$H" -- bash -c "'$L' history erase; echo rc=\$?; sleep 30"
tui wait "$s" 'Erase all [0-9]+ chat' 10
tui type "$s" "n"; tui keys "$s" Enter
tui wait "$s" 'rc=1' 5
"$L" history | grep -q "keep this line" || fail "history was erased after answering n"
tui start "$s" 100x20 --env LANTERNLY_HOME="$H" -- bash -c "'$L' history erase; echo rc=\$?; sleep 30"
tui wait "$s" 'Erase all [0-9]+ chat' 10
tui type "$s" "y"; tui keys "$s" Enter
tui wait "$s" 'rc=0' 5
[ -z "$("$L" history)" ] || fail "history not erased after y"
printf 'again\n' | "$L" chat --plain >/dev/null
"$L" history erase --yes >/dev/null || fail "--yes did not erase"
[ -z "$("$L" history)" ] || fail "history not erased with --yes"
echo "output ok"
