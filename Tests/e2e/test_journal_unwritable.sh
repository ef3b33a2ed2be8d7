#!/usr/bin/env bash
# A full disk or a read-only folder: a clear error, the text kept in a recovery draft that the
# next start offers back.
source "$(dirname "$0")/lib.sh"
"$L" write --quiet "before the disk filled" >/dev/null
data="$H/data"
if mount -t tmpfs -o size=600k tmpfs "$data" 2>/dev/null; then
  trap 'umount "$data" 2>/dev/null || true; cleanup_e2e' EXIT
  "$L" write --quiet "on the small disk" >/dev/null || fail "could not write to a fresh small disk"
  # Fill the disk, then try to write a large entry.
  dd if=/dev/zero of="$data/filler" bs=4k 2>/dev/null || true
  { printf 'A long entry that must survive the full disk '; head -c 300000 /dev/zero | tr '\0' 'x'; } > "$H/long.txt"
  set +e; out=$("$L" write --quiet < "$H/long.txt" 2>&1); rc=$?; set -e
  [ "$rc" -ne 0 ] || fail "a write to a full disk reported success"
  echo "$out" | grep -qi "draft" || fail "no mention of the recovery draft: $out"
  rm -f "$data/filler"
  drafts=$("$L" write --recover --list 2>&1) || true
  grep -q "must survive" <<<"$drafts" || fail "draft not offered back: ${drafts:0:300}"
  true
else
  echo "(tmpfs not mountable here: testing a read-only folder as an unprivileged user)"
  # Root ignores permission bits: as root the test acts as nobody; otherwise as itself.
  if [ "$(id -u)" = 0 ]; then
    chown -R nobody:nogroup "$H"
    unpriv() { setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$H" "$@"; }
  else
    unpriv() { env HOME="$H" "$@"; }
  fi
  chmod 0500 "$data"
  set +e; out=$(unpriv "$L" write --quiet "kept in a draft" 2>&1); rc=$?; set -e
  [ "$rc" -ne 0 ] || fail "a write to a read-only folder reported success"
  echo "$out" | grep -qi "draft" || fail "no mention of the recovery draft: $out"
  chmod 0700 "$data"
  drafts=$(unpriv "$L" write --recover --list 2>&1) || true
  echo "$drafts" | grep -q "kept in a draft" || fail "draft not offered back: $drafts"
fi
