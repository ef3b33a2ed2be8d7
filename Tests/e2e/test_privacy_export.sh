#!/usr/bin/env bash
# export --output in a folder others share (issue 9 §1): SIGTERM in the middle leaves no copy
# of the journal behind; a symbolic link another user planted at the output is not followed;
# the finished file is 0600. $LANTERNLY_BIN; strace; the second-user part runs as root.
source "$(dirname "$0")/lib.sh"
command -v strace >/dev/null || fail "strace is not installed (make deps installs it)"
for i in $(seq 1 20); do "$L" write --quiet "secret entry $i" >/dev/null 2>&1; done
out="$H/out"; mkdir -p "$out"; chmod 1777 "$out"

# 1. SIGTERM at the moment the finished copy is being synced (strace delivers the signal when
#    the export's first fsync returns): the process ends by SIGTERM and nothing is left.
set +e
strace -f -qq -y -o "$H/trace" -e trace=fsync -e inject=fsync:signal=SIGTERM:when=1 \
  "$L" export --format json --output "$out/journal.json" >/dev/null 2>&1
rc=$?
set -e
grep -q "fsync(.*$out/\.journal\.json\." "$H/trace" || fail "the signal did not land during the export: $(cat "$H/trace")"
[ "$rc" = 143 ] || fail "export ended with $rc, not by SIGTERM"
left="$(ls -A "$out")"
[ -z "$left" ] || fail "SIGTERM left a copy of the journal: $left"

# 2. A finished export: 0600, no temporary file beside it.
"$L" export --format json --output "$out/journal.json" 2>/dev/null
[ "$(stat -c %a "$out/journal.json")" = 600 ] || fail "export mode $(stat -c %a "$out/journal.json")"
[ "$(ls -A "$out")" = journal.json ] || fail "left beside the export: $(ls -A "$out")"
rm -f "$out/journal.json"

# 3. Another user plants a link where the export will go, pointing at a file of the person's.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  victim="$H/victim.txt"; echo "mine" > "$victim"; chmod 644 "$victim"; chmod 755 "$H"
  setpriv --reuid=nobody --regid=nogroup --clear-groups ln -s "$victim" "$out/journal.json"
  [ "$(stat -c %U "$out/journal.json")" = nobody ] || fail "could not plant the link as nobody"
  if "$L" export --format json --force --output "$out/journal.json" 2>"$H/err"; then fail "followed another user's link"; fi
  grep -q "another user" "$H/err" || fail "no clear message: $(cat "$H/err")"
  [ "$(cat "$victim")" = mine ] || fail "the victim file was overwritten"
  ! grep -rqs "secret entry" "$out" || fail "journal text in the shared folder"
else
  echo "(planted-link part skipped: needs root to act as a second user)"
fi
echo "export private; SIGTERM leaves nothing; planted links refused"
