#!/usr/bin/env bash
# `export --output` never destroys what it does not own: the journal's own files are refused
# (by any name), an existing file needs --force, `-` is standard output, and devices and pipes
# are written as streams, never replaced.
source "$(dirname "$0")/lib.sh"
"$L" write --quiet "an entry to export" >/dev/null 2>&1
"$L" settings set gender neutral >/dev/null 2>&1 || true
db="$H/data/journal.sqlite3"
sum() { sha256sum "$1" | cut -d' ' -f1; }
refused() {  # TARGET [ARGS...]: must exit non-zero, name the target, change nothing
  local target="$1"; shift
  local before=""; [ -f "$target" ] && before=$(sum "$target")
  set +e; out=$("$L" export --format json --output "$target" "$@" 2>&1); rc=$?; set -e
  [ "$rc" -ne 0 ] || fail "export to $target was not refused"
  grep -qF "$target" <<<"$out" || fail "the refusal does not name $target: $out"
  if [ -n "$before" ]; then [ "$(sum "$target")" = "$before" ] || fail "$target was changed"; fi
}
# The journal's own files: always refused, --force or not, by path, relative path, symlink, hard link.
"$L" list >/dev/null
for f in "$db" "$db-wal" "$db-shm" "$H/config/settings.json" "$H/data" "$H/state/anything.txt"; do
  refused "$f"; refused "$f" --force
done
(cd "$H/data" && set +e && "$L" export --format txt --output ./journal.sqlite3 --force >/dev/null 2>&1; [ $? -ne 0 ]) || fail "a relative path to the database was not refused"
ln -s "$db" "$H/link-to-db"; refused "$H/link-to-db" --force
ln "$db" "$H/hardlink-to-db" 2>/dev/null && refused "$H/hardlink-to-db" --force
cp "$(dirname "$0")/../../Resources/profiles/iphone-15.json" "$H/myprofile.json"
LANTERNLY_PROFILE="$H/myprofile.json" refused "$H/myprofile.json" --force
"$L" list | grep -q "an entry to export" || fail "the journal was damaged"

# An existing file: refused without --force, replaced with it.
echo "precious" > "$H/notes.txt"
refused "$H/notes.txt"
grep -q precious "$H/notes.txt" || fail "notes.txt changed"
"$L" export --format txt --output "$H/notes.txt" --force 2>/dev/null
grep -q "an entry to export" "$H/notes.txt" || fail "--force did not replace the file"
# A new file: written.
"$L" export --format json --output "$H/new.json" 2>/dev/null
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$H/new.json" || fail "new export is not JSON"
# A folder: refused.
mkdir "$H/folder"; refused "$H/folder"

# `-` is standard output; devices and pipes are streams (no rename, no temp file beside them).
"$L" export --format txt --output - | grep -q "an entry to export" || fail "--output - did not write to stdout"
"$L" export --format txt --output /dev/stdout | grep -q "an entry to export" || fail "/dev/stdout was not written"
"$L" export --format txt --output /dev/null || fail "/dev/null was refused"
[ -c /dev/null ] || fail "/dev/null is no longer a device"
mkfifo "$H/fifo"
cat "$H/fifo" > "$H/from-fifo.txt" &
"$L" export --format txt --output "$H/fifo"
wait
[ -p "$H/fifo" ] || fail "the FIFO was replaced"
grep -q "an entry to export" "$H/from-fifo.txt" || fail "nothing came through the FIFO"
"$L" export --format json --output >(cat > "$H/procsub.json") ; sleep 0.5
grep -q "an entry to export" "$H/procsub.json" || fail "nothing came through a process substitution"
echo "export safety ok"
