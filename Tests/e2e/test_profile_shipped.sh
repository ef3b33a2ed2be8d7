#!/usr/bin/env bash
# A shipped profile is never rewritten: changes from the CLI or the app's Settings go to a copy
# in the person's config, and the screen says so. A profile the person owns is written in place.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tui.sh"
trap 'tui_cleanup; cleanup_e2e' EXIT
repo="$(cd "$(dirname "$0")/../.." && pwd)"
# A clone's layout (Resources/devices.json beside Resources/profiles/), in the test's own folder.
mkdir -p "$H/clone/Resources/profiles"
cp "$repo/Resources/devices.json" "$H/clone/Resources/"
cp "$repo/Resources/profiles/"*.json "$H/clone/Resources/profiles/"
shipped="$H/clone/Resources/profiles/iphone-15-pro-ai-off.json"
ln -s "$shipped" "$H/link.json"
sum() { sha256sum "$1" | cut -d' ' -f1; }
before=$(sum "$shipped")
copy="$H/config/profiles/iphone-15-pro-ai-off.json"

# CLI, by path and through a symbolic link.
for p in "$shipped" "$H/link.json"; do
  rm -f "$copy"
  out=$("$L" --profile "$p" profile set freeStorageGB 5 2>&1) || fail "profile set failed: $out"
  [ "$(sum "$shipped")" = "$before" ] || fail "the shipped profile was rewritten (via $p)"
  grep -q '"freeStorageGB" *: *5' "$copy" || fail "the change is not in the copy $copy"
  grep -qF "$copy" <<<"$out" || fail "the copy is not named: $out"
done
# A profile the person owns is written in place.
cp "$shipped" "$H/mine.json"
"$L" --profile "$H/mine.json" profile set freeStorageGB 16 >/dev/null 2>&1
grep -q '"freeStorageGB" *: *16' "$H/mine.json" || fail "the person's own profile was not written"

# The app: switching a setting on a shipped profile says where the change went.
rm -f "$copy"
s=prof$$
tui start "$s" 100x24 -- "$L" --home "$H" --profile "$shipped" --lang en
tui wait "$s" 'Enter send' 10
tui keys "$s" F2
tui wait "$s" 'Apple Intelligence +(on|off)' 5
tui keys "$s" Enter
tui wait "$s" 'stays as it is' 5 || fail "the screen does not say the change went to a copy"
[ "$(sum "$shipped")" = "$before" ] || fail "the app rewrote the shipped profile"
[ -f "$copy" ] || fail "the app wrote no copy"
tui keys "$s" C-c
echo "shipped profile ok"
