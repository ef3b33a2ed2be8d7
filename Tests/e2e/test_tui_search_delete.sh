#!/usr/bin/env bash
# Full-screen app, journal screen (issue 12): `/` searches as you type and shows the hits
# with a count, n moves between them, Esc brings the whole journal back; `d` asks before it
# deletes, any key but y keeps the entry, y moves it to the trash (the CLI sees it there).
# Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" search
L="$LANTERNLY_BIN"
fail() { echo "FAIL: $*" >&2; exit 1; }
export LANTERNLY_HOME="$work/home" TZ=UTC
cat > "$work/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
"$L" write --quiet --date "2026-01-03 09:00" "The lantern on the porch was lit" >/dev/null 2>&1
"$L" write --quiet --date "2026-01-02 09:00" "Tea with Mara in the garden" >/dev/null 2>&1
"$L" write --quiet --date "2026-01-01 09:00" "A new lantern for the new year" >/dev/null 2>&1

"$TUI" start "$s" 80x24 -- "$L" --home "$work/home" --profile "$work/profile.json" --lang en
"$TUI" wait "$s" 'Enter send' 10
"$TUI" keys "$s" F4
"$TUI" wait "$s" 'Journal \(3\)' 5

# / search: results as the query is typed, the count in the title, the keys in the footer.
"$TUI" keys "$s" /
"$TUI" wait "$s" 'Search \(@tag for a tag\):' 5
"$TUI" type "$s" "lantern"
"$TUI" wait "$s" 'Search .lantern.: 2 found' 5
screen="$("$TUI" screen "$s")"
grep -q "The lantern on the porch" <<<"$screen" || { echo "$screen"; fail "first hit not listed"; }
grep -q "A new lantern" <<<"$screen" || { echo "$screen"; fail "second hit not listed"; }
! grep -q "Tea with Mara" <<<"$screen" || { echo "$screen"; fail "a non-matching entry is listed"; }
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'n next hit' 5
# n then Enter opens the second hit, with the match in it.
"$TUI" keys "$s" n
"$TUI" keys "$s" Enter
"$TUI" wait "$s" 'A new lantern for the new year' 5
"$TUI" keys "$s" Escape
"$TUI" wait "$s" 'Search .lantern.: 2 found' 5
# Esc clears the search: the whole journal again.
"$TUI" keys "$s" Escape
"$TUI" wait "$s" 'Journal \(3\)' 5
"$TUI" wait "$s" 'Tea with Mara' 5

# d asks; another key keeps the entry.
"$TUI" keys "$s" d
"$TUI" wait "$s" "Delete 'The lantern on the porch was lit' \(2026-01-03\)\? y/N" 5
"$TUI" keys "$s" n
"$TUI" wait "$s" 'Nothing was deleted' 5
"$TUI" wait "$s" 'Journal \(3\)' 5
# d then y: to the trash.
"$TUI" keys "$s" d
"$TUI" wait "$s" "Delete 'The lantern on the porch was lit'" 5
"$TUI" keys "$s" y
"$TUI" wait "$s" 'Moved to the trash' 5
"$TUI" wait "$s" 'Journal \(2\)' 5
"$TUI" keys "$s" C-c
"$TUI" stop "$s"
"$L" trash | grep -q "The lantern on the porch was lit" || fail "the deleted entry is not in the trash"
! "$L" list | grep -q "The lantern on the porch" || fail "the deleted entry is still listed"
echo "search and delete ok"
