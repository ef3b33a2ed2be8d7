#!/usr/bin/env bash
# A second, unprivileged user watches the shared temporary folder and the person's home while
# `lanternly write` has the editor open (issue 9 §1): they never see the editor's file, let
# alone read it. Runs as root (to act as `nobody`); skipped otherwise. Needs tmux.
source "$(dirname "$0")/lib.sh"
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
  echo "(skipped: needs root to act as a second user)"; exit 0
fi
source "$(dirname "$0")/tui-lib.sh" watch
trap 'touch "$shared/stop" 2>/dev/null || true; cleanup; cleanup_e2e' EXIT
# The person's home is open to others (as a home often is), and so is their state folder.
chmod 755 "$H"; mkdir -m 755 "$H/state"
shared="$H/shared"; mkdir -m 1777 "$shared"
cat > "$H/watch.sh" <<'SH'
#!/bin/sh
# watch.sh OUT STOP DIR...: lists and tries to read every file under DIRs until STOP exists.
out="$1"; stop="$2"; shift 2
scans=0; : > "$out"
while [ ! -e "$stop" ]; do
  find "$@" -type f 2>/dev/null | while IFS= read -r p; do
    echo "$p" >> "$out"
    if grep -qs "watched$(printf ' ')words" "$p"; then echo "READ $p" >> "$out"; fi
  done
  scans=$((scans + 1)); echo "$scans" > "$out.scans"
done
SH
chmod 755 "$H/watch.sh"
setpriv --reuid=nobody --regid=nogroup --clear-groups /bin/sh "$H/watch.sh" "$shared/seen" "$shared/stop" "$shared" "$H/state" "$H/data" &
watcher=$!
cat > "$H/editor.sh" <<'SH'
#!/bin/sh
printf 'watched %s\n' words > "$1"
printf 'editor-ready> '
read -r line
SH
chmod 755 "$H/editor.sh"
tui start "$s" 80x24 --env LANTERNLY_HOME="$H" --env TMPDIR="$shared" --env EDITOR="$H/editor.sh" -- \
  bash -c '"$0" write --quiet; echo "rc=$?"; sleep 60' "$L"
tui wait "$s" "editor-ready>" 10 || fail "the editor did not start"
# Let the watcher look many times while the file exists.
start=$(cat "$shared/seen.scans" 2>/dev/null || echo 0)
for _ in $(seq 1 300); do
  n=$(cat "$shared/seen.scans" 2>/dev/null || echo 0)
  [ "$n" -ge $((start + 20)) ] && break
  sleep 0.1
done
[ "$n" -ge $((start + 20)) ] || fail "the watcher did not scan"
tui keys "$s" Enter
tui wait "$s" "rc=0" 10 || fail "write failed: $(tui screen "$s")"
touch "$shared/stop"; wait "$watcher" || true
"$L" list 2>/dev/null | grep -q "watched words" || fail "entry not saved"
! grep -q "^READ" "$shared/seen" || fail "the second user read the entry: $(grep READ "$shared/seen")"
! grep -q "lanternly-.*\.md" "$shared/seen" || fail "the second user saw the editor's file: $(cat "$shared/seen")"
echo "a second user saw nothing of the editor's file"
