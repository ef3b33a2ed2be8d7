#!/usr/bin/env bash
# make bench: prints medians for the budgets the issues name. Numbers only; no asserts.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$1"
python3 Benchmarks/bench.py "$bin"
