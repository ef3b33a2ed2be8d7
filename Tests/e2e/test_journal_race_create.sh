#!/usr/bin/env bash
# Many `lanternly write` started at the same moment on a fresh home: creating the database,
# switching it to WAL and migrating it race, and every one of them must save its entry
# (none "stayed locked", none calls the new file "another program's"), round after round.
source "$(dirname "$0")/lib.sh"
rounds=25; writers=12; failed=0
for r in $(seq 1 "$rounds"); do
  home="$H/round$r"; mkdir -p "$home"
  pids=()
  for i in $(seq 1 "$writers"); do
    LANTERNLY_HOME="$home" "$L" write --quiet "round $r writer $i" >/dev/null 2>"$home/err$i" & pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || failed=$((failed + 1)); done
  if [ "$failed" -ne 0 ]; then fail "round $r: $failed writer(s) failed: $(grep -hv '^Saved' "$home"/err* | head -3)"; fi
  n=$(LANTERNLY_HOME="$home" "$L" list -n 1000 | wc -l)
  [ "$n" -eq "$writers" ] || fail "round $r: $n entries, expected $writers"
  [ ! -d "$home/state/recovery" ] || [ -z "$(ls -A "$home/state/recovery")" ] || fail "round $r: a draft was kept"
done
echo "$rounds rounds of $writers writers on a fresh home: all saved"
