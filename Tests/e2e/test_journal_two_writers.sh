#!/usr/bin/env bash
# Two copies writing at once: all entries kept, none overwritten.
source "$(dirname "$0")/lib.sh"
"$L" write --quiet "warm up" >/dev/null
( for i in $(seq 1 60); do "$L" write --quiet "writer-A entry $i" >/dev/null || echo "A$i failed"; done ) > "$H/a.log" 2>&1 &
a=$!
( for i in $(seq 1 60); do "$L" write --quiet "writer-B entry $i" >/dev/null || echo "B$i failed"; done ) > "$H/b.log" 2>&1 &
b=$!
wait $a; wait $b
! grep -q failed "$H/a.log" "$H/b.log" || fail "a write failed: $(cat "$H/a.log" "$H/b.log")"
"$L" list -n 100000 --json > "$H/list.json"
for w in A B; do
  for i in $(seq 1 60); do
    grep -q "writer-$w entry $i\"" "$H/list.json" || fail "writer $w entry $i missing"
  done
done
n=$(python3 -c "import json; print(len(json.load(open('$H/list.json'))['entries']))")
[ "$n" -eq 121 ] || fail "expected 121 entries, found $n"
