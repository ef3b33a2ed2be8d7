#!/usr/bin/env bash
# A corrupt or foreign database file: a clear error naming the file; the file is not modified.
source "$(dirname "$0")/lib.sh"
mkdir -p "$H/data"; chmod 700 "$H/data"
db="$H/data/journal.sqlite3"
head -c 20000 /dev/urandom > "$db"
before=$(sha256sum "$db")
set +e; out=$("$L" list 2>&1); rc=$?; set -e
[ "$rc" -eq 1 ] || fail "expected exit 1 for a corrupt database, got $rc"
echo "$out" | grep -q "$db" || fail "error does not name the file: $out"
[ "$(sha256sum "$db")" = "$before" ] || fail "the corrupt file was modified"
rm -f "$db"
sqlite3 "$db" "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'x');"
before=$(sha256sum "$db")
set +e; out=$("$L" write --quiet "hello" 2>&1); rc=$?; set -e
[ "$rc" -ne 0 ] || fail "wrote into a foreign database"
echo "$out" | grep -q "$db" || fail "error does not name the file: $out"
[ "$(sha256sum "$db")" = "$before" ] || fail "the foreign file was modified"
