#!/usr/bin/env bash
# An entry written at 23:59 local on a DST-change day belongs to that day.
source "$(dirname "$0")/lib.sh"
export TZ=America/Los_Angeles
"$L" write --quiet --date "2025-03-09 23:59" "spring forward evening" >/dev/null
"$L" write --quiet --date "2025-11-02 23:59" "fall back evening" >/dev/null
march=$("$L" list --from 2025-03-09 --to 2025-03-09 --json)
november=$("$L" list --from 2025-11-02 --to 2025-11-02 --json)
next=$("$L" list --from 2025-03-10 --to 2025-03-10 --json)
grep -q "spring forward evening" <<<"$march" || fail "March entry not on 2025-03-09: $march"
grep -q "fall back evening" <<<"$november" || fail "November entry not on 2025-11-02: $november"
! grep -q "spring forward" <<<"$next" || fail "March entry leaked to the 10th"
