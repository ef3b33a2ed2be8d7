#!/usr/bin/env bash
# Full-screen app: emoji clusters that terminals join (ZWJ sequences, flags) are drawn whole,
# never as their first glyph plus a blank; the columns after them stay in place, in the input,
# the transcript, and after a resize. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" emoji
cat > "$work/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
"$TUI" start "$s" 70x16 -- "$LANTERNLY_BIN" --home "$work/home" --profile "$work/profile.json" --lang en
"$TUI" wait "$s" 'Enter send' 10
line='kin 👩‍👩‍👦 and 🇺🇦 🇯🇵 with 🧑‍🍳 done|'
"$TUI" type "$s" "$line"
"$TUI" wait "$s" 'done\|' 5
check() {  # every cluster whole, nothing cut to its first glyph
  local screen; screen="$("$TUI" screen "$s")"
  for c in "👩‍👩‍👦" "🇺🇦" "🇯🇵" "🧑‍🍳"; do
    grep -qF "$c" <<<"$screen" || { echo "$1: $c not drawn whole"; echo "$screen"; exit 1; }
  done
  # A lone regional indicator or a dangling first glyph would show as "X " before a blank.
  if grep -qP '\x{1F1FA}(?!\x{1F1E6})|\x{1F469}(?!\x{200D})' <<<"$screen"; then echo "$1: half a cluster"; echo "$screen"; exit 1; fi
}
check "input"
# The columns after the clusters: "done|" ends where the layout put it (the cursor is after it).
row="$("$TUI" screen "$s" | grep -F 'done|' | head -1)"
cx=$("$TUI" tmux display -p -t "$s" '#{cursor_x}')
python3 - "$row" "$cx" <<'PY' || exit 1
import sys, unicodedata
row, cx = sys.argv[1], int(sys.argv[2])
# Width as the app counts it: 2 per emoji cluster, 1 per other character.
clusters = ["👩‍👩‍👦", "🇺🇦", "🇯🇵", "🧑‍🍳"]
for c in clusters: row = row.replace(c, "WW")
end = row.index("done|") + len("done|")
if end != cx:
    print(f"the cursor is at column {cx}, the text ends at {end}: columns drifted"); sys.exit(1)
PY
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'Luna +·' 10
check "transcript"
"$TUI" resize "$s" 40x14
sleep 0.5
check "after a resize"
"$TUI" keys "$s" C-c
echo "emoji ok"
