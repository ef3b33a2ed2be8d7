#!/usr/bin/env bash
# kill -9 in the middle of many writes: every entry reported saved is there; integrity ok.
# Only the processes this test started are killed (by their pid, never by a name).
source "$(dirname "$0")/lib.sh"
"$L" write --quiet "first entry" >/dev/null 2>&1
saved="$H/saved.txt"; : > "$saved"
current="$H/current.pid"; : > "$current"
( for i in $(seq 1 150); do
    "$L" write --quiet "kill test entry number-$i" >/dev/null 2>&1 &
    p=$!
    echo "$p" > "$current"
    if wait "$p"; then echo "$i" >> "$saved"; fi
    : > "$current"
  done ) 2>/dev/null &
writer=$!
# A killer that sends SIGKILL to the write running at that moment (the pid the loop recorded,
# and only while it is still that loop's `lanternly write`), many times.
for k in $(seq 1 40); do
  sleep 0.0$((RANDOM % 9 + 1))
  p="$(cat "$current" 2>/dev/null || true)"
  case "$p" in ''|*[!0-9]*) continue ;; esac
  grep -qa "kill test entry" "/proc/$p/cmdline" 2>/dev/null && kill -9 "$p" 2>/dev/null || true
done
wait "$writer" || true
count=$(wc -l < "$saved")
[ "$count" -gt 10 ] || fail "too few writes survived to be a test ($count)"
"$L" list -n 100000 --json > "$H/list.json"
while read -r i; do
  grep -q "number-$i\"" "$H/list.json" || fail "entry $i was reported saved but is missing"
done < "$saved"
check=$(sqlite3 "$H/data/journal.sqlite3" "PRAGMA integrity_check;")
[ "$check" = ok ] || fail "integrity_check: $check"
echo "kept all $count entries reported saved"
