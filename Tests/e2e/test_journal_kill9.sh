#!/usr/bin/env bash
# kill -9 in the middle of many writes: every entry reported saved is there; integrity ok.
source "$(dirname "$0")/lib.sh"
"$L" write --quiet "first entry" >/dev/null
saved="$H/saved.txt"; : > "$saved"
( for i in $(seq 1 150); do
    if "$L" write --quiet "kill test entry number-$i" >/dev/null 2>&1; then echo "$i" >> "$saved"; fi
  done ) &
writer=$!
# A killer that sends SIGKILL to whichever write is running, many times.
for k in $(seq 1 40); do
  sleep 0.0$((RANDOM % 9 + 1))
  pkill -9 -f "kill test entry" 2>/dev/null || true
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
