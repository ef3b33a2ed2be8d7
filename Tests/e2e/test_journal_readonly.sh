#!/usr/bin/env bash
# A journal on read-only media (a mounted backup, a snapshot, a folder the person cannot write):
# list, search, export and history read it; nothing there is written; writing says what is
# really wrong. Runs the readers as an unprivileged user (root ignores permissions).
source "$(dirname "$0")/lib.sh"
command -v setpriv >/dev/null || { echo "(setpriv missing: skipped)"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "(needs root to act as another user: skipped)"; exit 0; }
"$L" write --quiet "a morning by the sea @calm" >/dev/null 2>&1
"$L" write --quiet "Ёлка во дворе" >/dev/null 2>&1
printf 'hello there\n' | "$L" chat --plain >/dev/null
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$H" LANTERNLY_HOME="$H" "$L" "$@"; }
chown -R nobody:nogroup "$H"
chmod 0500 "$H" "$H/data" "$H/config" "$H/state" 2>/dev/null || true
chmod 0444 "$H/data/journal.sqlite3"
ls -la "$H/data" > "$H.before" 2>/dev/null || true
before=$(ls -la --time-style=full-iso "$H/data"; sha256sum "$H/data/journal.sqlite3")
for cmd in "list" "list --json" "search sea" "search ёлка" "export --format json" "export --format txt" "history"; do
  set +e; out=$(as_nobody $cmd 2>&1); rc=$?; set -e
  [ "$rc" -eq 0 ] || fail "'$cmd' on a read-only journal exited $rc: $out"
done
as_nobody list | grep -q "a morning by the sea" || fail "list did not read the read-only journal"
as_nobody search sea | grep -q "sea" || fail "search found nothing in the read-only journal"
as_nobody history | grep -q "hello there" || fail "history did not read the read-only journal"
after=$(ls -la --time-style=full-iso "$H/data"; sha256sum "$H/data/journal.sqlite3")
[ "$before" = "$after" ] || fail "reading changed the read-only folder: $before --- $after"
# Writing there fails with the real reason (the folder or file cannot be written), not a
# database error, and the text is kept.
set +e; out=$(as_nobody write --quiet "kept somewhere" 2>&1); rc=$?; set -e
[ "$rc" -ne 0 ] || fail "a write to read-only media reported success"
grep -qiE "read-?only|permission|couldn.t write|cannot be written|not writable" <<<"$out" || fail "the write error does not say what is wrong: $out"
chmod -R u+w "$H"; chown -R root:root "$H"
echo "read-only journal ok"
