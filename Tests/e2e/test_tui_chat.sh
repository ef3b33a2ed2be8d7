#!/usr/bin/env bash
# Full-screen app: English and Russian messages with their sources, resize to 30x10 and back,
# a 20 KB bracketed paste that stays one message. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" chat
cat > "$work/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "deviceLanguage": "en", "siriLanguage": "en", "region": "US",
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
# The daily question's answer stays a chat message here (by default it becomes a journal
# entry, which test_tui_search_delete and the reducer tests cover).
"$LANTERNLY_BIN" --home "$work/home" settings set answers chat >/dev/null
"$TUI" start "$s" 80x24 -- "$LANTERNLY_BIN" --home "$work/home" --profile "$work/profile.json" --lang en
"$TUI" wait "$s" 'Enter send' 10

"$TUI" type "$s" "I walked by the sea with my sister today"
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'Luna +· on-device' 10
"$TUI" type "$s" "Сегодня я долго гуляла у моря"
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'Luna +· translated' 10

# Resize: small, then back; the layout follows without a key press.
"$TUI" resize "$s" 30x10
"$TUI" wait "$s" '^ Enter send +F1 help' 5  # whole hints only: the rest are dropped, never cut
"$TUI" screen "$s" | python3 -c 'import sys; sys.exit(any(len(l.rstrip("\n")) > 30 for l in sys.stdin))' \
  || { echo "row wider than 30"; "$TUI" screen "$s"; exit 1; }
"$TUI" resize "$s" 80x24
"$TUI" wait "$s" 'Enter send +Ctrl-J new line +F5' 5

# A 20 KB paste: one edit, nothing sent until Enter.
python3 - "$work/paste.txt" <<'PY'
import sys
lines = [f"line {i} строка 行 🎉" for i in range(700)]
text = "\n".join(lines) + "\nEND-OF-PASTE"
assert len(text.encode()) > 20000
open(sys.argv[1], "w").write(text)
PY
"$TUI" paste "$s" "$work/paste.txt"
"$TUI" wait "$s" 'END-OF-PASTE' 10
if "$TUI" screen "$s" | grep -q 'answering'; then echo "the paste was sent"; exit 1; fi
"$TUI" alive "$s"
"$TUI" keys "$s" C-u
"$TUI" gone "$s" 'END-OF-PASTE' 5
if "$TUI" screen "$s" | tail -1 | grep -q '…'; then echo "a key hint was cut"; "$TUI" screen "$s"; exit 1; fi

# Answering the daily question: Luna replies to the answer alone, and after a restart the
# history holds the person's answer with the question above it, as asked. (With 'answers chat': by default an
# answer becomes a journal entry instead; test_tui_search_delete covers the journal.)
q="$("$TUI" screen "$s" | sed -n "s/^ Today's question: //p" | head -1)"
[ -n "$q" ] || { echo "no daily question shown"; "$TUI" screen "$s"; exit 1; }
"$TUI" keys "$s" F5
"$TUI" type "$s" "a warmth in my chest"
replies() { "$TUI" screen "$s" | grep -c '^Luna  ·' || true; }
before=$(replies)
"$TUI" keys "$s" Enter
# Wait for a new reply (the "Luna" headers already on screen do not count).
for _ in $(seq 1 100); do [ "$(replies)" -gt "$before" ] && break; sleep 0.1; done
[ "$(replies)" -gt "$before" ] || { echo "no reply to the answer"; "$TUI" screen "$s"; exit 1; }
"$TUI" gone "$s" 'answering' 10
screen="$("$TUI" screen "$s")"
# Luna's last reply: from the last "Luna  ·" header to the next blank line.
reply="$(printf '%s\n' "$screen" | awk '/^Luna  ·/{r=""; on=1; next} on&&/^ *$/{on=0} on{r=r $0 "\n"} END{printf "%s", r}')"
[ -n "$reply" ] || { echo "empty reply"; echo "$screen"; exit 1; }
if printf '%s' "$reply" | grep -qF "${q:0:20}"; then echo "Luna quoted the question as the person's words"; echo "$screen"; exit 1; fi
"$TUI" keys "$s" C-c
sleep 0.5; "$TUI" stop "$s" || true
"$TUI" start "$s" 80x24 -- "$LANTERNLY_BIN" --home "$work/home" --profile "$work/profile.json" --lang en
"$TUI" wait "$s" 'a warmth in my chest' 10
# The question comes back with the answer, quoted above it as when it was asked, never
# inside the person's own words.
screen="$("$TUI" screen "$s")"
printf '%s\n' "$screen" | grep -B1 -F "a warmth in my chest" | head -1 | grep -qF "“${q:0:20}" \
  || { echo "the question did not come back above the answer"; echo "$screen"; exit 1; }
if printf '%s\n' "$screen" | grep -F "a warmth in my chest" | grep -qF "${q:0:20}"; then
  echo "the question came back as part of the person's line"; echo "$screen"; exit 1
fi
"$TUI" keys "$s" C-c
echo "chat ok"
