#!/usr/bin/env bash
# The app's diagnostics screen and `lanternly diagnostics` show one snapshot with one set of
# labels; a simulator says why there is no banner, and status --json never offers settings on
# a banner it does not show. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tui.sh"
trap 'tui_cleanup; cleanup_e2e' EXIT
repo="$(cd "$(dirname "$0")/../.." && pwd)"
s=diag$$
for name in simulator iphone-15 intel-mac iphone-16-pro iphone-15-pro-ios18; do
  for lang in en ru; do
    home="$H/$name-$lang"; mkdir -p "$home"
    cp "$repo/Resources/profiles/$name.json" "$home/profile.json"
    # A download that runs would change between the two reads: keep it where it is.
    python3 - "$home/profile.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
if p["model"]["state"] == "downloading": p["model"]["state"] = "notDownloaded"
json.dump(p, open(sys.argv[1], "w"))
PY
    status=$("$L" --home "$home" --profile "$home/profile.json" --lang "$lang" status --json)
    python3 - "$status" "$name" <<'PY' || exit 1
import json, sys
s = json.loads(sys.argv[1])
if s["banner"] is None and s["bannerOffersSettings"]:
    print(f"{sys.argv[2]}: no banner, yet it offers settings: {s}"); sys.exit(1)
if s["isSimulator"] and s["banner"] is not None:
    print(f"{sys.argv[2]}: a banner in a simulator"); sys.exit(1)
PY
    # The app asks for the day's question as it opens (the question service's line): ask it
    # first here too, so both read the same record.
    "$L" --home "$home" --profile "$home/profile.json" --lang "$lang" question >/dev/null
    cli=$("$L" --home "$home" --profile "$home/profile.json" --lang "$lang" diagnostics)
    if [ "$name" = simulator ]; then
      grep -qiE 'simulator|симулятор' <<<"$(grep -iE '^(Reason|Причина)' <<<"$cli")" || fail "$lang: the simulator's diagnostics give no reason: $cli"
    fi
    tui start "$s" 200x50 -- "$L" --home "$home" --profile "$home/profile.json" --lang "$lang"
    tui wait "$s" '(Enter|F1)' 10
    tui keys "$s" F3
    sleep 0.8
    screen="$(tui screen "$s")"
    python3 - "$cli" "$screen" "$name/$lang" <<'PY' || exit 1
import re, sys
cli, screen, name = sys.argv[1], sys.argv[2], sys.argv[3]
squash = lambda t: re.sub(r"\s+", " ", t).strip()
rows = [squash(r) for r in screen.splitlines()]
for line in cli.splitlines():
    if not line.strip() or line.startswith("#"): continue
    if not any(squash(line) == r or r.startswith(squash(line)) for r in rows):
        print(f"{name}: the app's diagnostics lack the line: {line!r}\n--- screen:\n{screen}"); sys.exit(1)
PY
    tui keys "$s" C-c
    tui stop "$s"
  done
done
echo "diagnostics agree"
