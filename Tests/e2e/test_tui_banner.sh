#!/usr/bin/env bash
# Full-screen app: the banner per availability, and switching Apple Intelligence on in
# settings until the download ends and the banner is gone. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" banner

profile() {  # device appleIntelligence modelState
  cat > "$work/profile.json" <<JSON
{ "device": "$1", "os": "iOS 26.1", "appleIntelligence": $2, "freeStorageGB": 64,
  "deviceLanguage": "en", "siriLanguage": "en", "region": "US",
  "model": { "state": "$3" }, "modelLanguages": ["en"], "simulator": false, "downloadSeconds": 2 }
JSON
}

# 1. Not eligible: a banner, no settings offer; diagnostics name the reason.
profile "iPhone 15" true notDownloaded
"$TUI" start "$s" 80x24 -- "$LANTERNLY_BIN" --home "$work/home" --profile "$work/profile.json" --lang en
"$TUI" wait "$s" 'Enter send' 10
# The banner itself, at the top (row 0 always has some text: the daily question when no banner).
"$TUI" screen "$s" | head -2 | grep -q "This iPhone 15 can't run Apple Intelligence" \
  || { echo "no not-eligible banner at the top"; "$TUI" screen "$s"; exit 1; }
if "$TUI" screen "$s" | head -3 | grep -q 'open settings'; then echo "settings offered for a permanent reason"; exit 1; fi
"$TUI" keys "$s" F3
"$TUI" wait "$s" 'Reason +deviceNotEligible' 5
"$TUI" keys "$s" C-c
"$TUI" stop "$s"

# 2. Apple Intelligence off: the banner offers settings; switch it on; download; banner gone.
profile "iPhone 15 Pro" false notDownloaded
"$TUI" start "$s" 80x24 -- "$LANTERNLY_BIN" --home "$work/home" --profile "$work/profile.json" --lang en
"$TUI" wait "$s" '\[F2\] open settings' 10
before="$("$TUI" screen "$s" | head -1)"
"$TUI" keys "$s" F2
"$TUI" wait "$s" 'Apple Intelligence +off' 5
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'Apple Intelligence +on' 5
grep -q '"appleIntelligence" *: *true' "$work/profile.json" || { echo "profile not written"; cat "$work/profile.json"; exit 1; }
"$TUI" keys "$s" F3
"$TUI" wait "$s" 'Reason +modelNotReady|Availability +available' 5
"$TUI" wait "$s" 'Availability +available' 40  # the core re-checks every 10–30 s while not ready
"$TUI" keys "$s" Escape
"$TUI" wait "$s" 'Enter send' 5
"$TUI" gone "$s" 'open settings' 3
row0="$("$TUI" screen "$s" | head -1)"
[ "$row0" != "$before" ] || { echo "banner still shown: $row0"; exit 1; }
"$TUI" keys "$s" C-c
echo "banner ok"
