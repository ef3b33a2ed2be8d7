# Shared helpers for the e2e tests. Each test sources this, uses $L (the binary) and a private $H.
set -euo pipefail
L="${LANTERNLY_BIN:?LANTERNLY_BIN must name the lanternly binary}"
H="$(mktemp -d /tmp/lanternly-e2e-XXXXXX)"
export LANTERNLY_HOME="$H" LANG=C.UTF-8 TZ=UTC
cleanup_e2e() { rm -rf "$H"; }
trap cleanup_e2e EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1]))" "$1"; }
