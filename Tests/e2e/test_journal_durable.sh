#!/usr/bin/env bash
# What a power cut would lose: nothing reported saved. `write` says "Saved" only after the
# commit's WAL frames are on disk (synchronous=FULL: the WAL is synced at every commit;
# with NORMAL it is synced only at checkpoints — sqlite.org/pragma.html#pragma_synchronous).
# strace shows the order of the system calls: after the last write into journal.sqlite3-wal
# (the commit's frames) and before "Saved", a sync of journal.sqlite3-wal. (A sync of a new
# WAL's header before its frames are written does not count: NORMAL does that too.)
source "$(dirname "$0")/lib.sh"
command -v strace >/dev/null || fail "strace is not installed (make deps installs it)"
"$L" write --quiet "first entry" >/dev/null 2>&1
for n in 2 3; do
  strace -f -qq -y -e signal=none -e trace=fsync,fdatasync,write,pwrite64 -o "$H/trace" \
    "$L" write "entry $n" >/dev/null 2>"$H/err" || fail "write failed: $(cat "$H/err")"
  grep -q "Saved" "$H/err" || fail "no Saved line: $(cat "$H/err")"
  awk '/pwrite64\(.*journal\.sqlite3-wal>/ {wrote=1; synced=0}
       /sync\(.*journal\.sqlite3-wal>/ {synced=1}
       /write\(2.*Saved/ {exit !(wrote && synced)}' "$H/trace" \
    || fail "entry $n was reported saved before the WAL was synced: $(grep -E 'sync|Saved' "$H/trace")"
done
echo "every commit synced before it was reported"
