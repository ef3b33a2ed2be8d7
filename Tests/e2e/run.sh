#!/usr/bin/env bash
# End-to-end tests: every Tests/e2e/test_*.sh, each with the binary as $1.
# Prints "N passed, N failed" and exits non-zero on any failure.
set -uo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
pass=0; fail=0; failed=()
for t in "$here"/test_*.sh; do
  [ -e "$t" ] || continue
  name="$(basename "$t" .sh)"
  log="$(mktemp)"
  if LANTERNLY_BIN="$bin" bash "$t" >"$log" 2>&1; then
    pass=$((pass+1)); echo "e2e ok    $name"
  else
    fail=$((fail+1)); failed+=("$name"); echo "e2e FAIL  $name"; sed 's/^/    /' "$log"
  fi
  rm -f "$log"
done
echo "e2e: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
