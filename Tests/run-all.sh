#!/usr/bin/env bash
# make test: the unit, snapshot and CLI tests (XCTest), then the end-to-end tests (tmux),
# then one closing line with the totals: "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bin="$1"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

swift test --skip-build --disable-swift-testing 2>&1 | tee "$log"
unit_rc=${PIPESTATUS[0]}
# XCTest's last "Executed N tests, with M failures" line is the total of all suites.
# e.g. "Executed 267 tests, with 3 tests skipped and 0 failures (0 unexpected) in 10.0 seconds"
unit_line=$(grep -E "Executed [0-9]+ tests?, with " "$log" | tail -n 1)
unit_total=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$unit_line")
unit_failed=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$unit_line")
unit_skipped=$(sed -nE 's/.* ([0-9]+) tests? skipped.*/\1/p' <<<"$unit_line")
unit_total=${unit_total:-0}; unit_failed=${unit_failed:-0}; unit_skipped=${unit_skipped:-0}
if [ "$unit_rc" -ne 0 ] && [ "$unit_failed" -eq 0 ]; then unit_failed=1; fi  # a crash counts

bash Tests/e2e/run.sh "$bin" 2>&1 | tee "$log"
e2e_rc=${PIPESTATUS[0]}
e2e_line=$(grep -E "^e2e: [0-9]+ passed, [0-9]+ failed" "$log" | tail -n 1)
e2e_passed=$(sed -E 's/^e2e: ([0-9]+) passed.*/\1/' <<<"$e2e_line"); e2e_passed=${e2e_passed:-0}
e2e_failed=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$e2e_line"); e2e_failed=${e2e_failed:-0}
if [ "$e2e_rc" -ne 0 ] && [ "$e2e_failed" -eq 0 ]; then e2e_failed=1; fi

passed=$(( unit_total - unit_failed - unit_skipped + e2e_passed ))
failed=$(( unit_failed + e2e_failed ))
echo
echo "tests: $passed passed, $failed failed, $unit_skipped skipped"
[ "$failed" -eq 0 ] && [ "$unit_total" -gt 0 ]
