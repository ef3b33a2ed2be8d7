#!/usr/bin/env bash
# Full-screen app, issue 10: "What Luna remembers" (F7) shows the memories the journal holds,
# forgets one and all only after a yes, says when memory is off or the model cannot learn; the
# memory switch in settings is `settings set memory`; the month screen (F6) moves between
# months and reads without colour; after an entry is saved, Luna's tags are offered and one key
# adds them. In English and Russian, at 80 and 40 columns, across a resize. Needs tmux;
# $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" remembers
export LANG=C.UTF-8 TZ=UTC
home="$work/home"
cat > "$work/open.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
cat > "$work/closed.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": false, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
lanternly() { "$LANTERNLY_BIN" --home "$home" "$@"; }
memories_json() { lanternly memory list --json; }
fail() { echo "FAIL: $*"; "$TUI" screen "$s" || true; exit 1; }

# Memories the way a person makes them: entries written with the gate open.
lanternly --profile "$work/open.json" write "Had lunch with Dana, then walked my cat Miso by the river" </dev/null >/dev/null
n=$(memories_json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
[ "$n" -ge 2 ] || fail "expected memories from the entry, got $n"

start() {  # PROFILE SIZE [ARGS...]
  local profile="$1" size="$2"; shift 2
  "$TUI" start "$s" "$size" --env NO_COLOR=1 -- "$LANTERNLY_BIN" --home "$home" --profile "$work/$profile.json" "$@"
}
start open 80x24 --lang en
"$TUI" wait "$s" 'Enter send' 10

# What Luna remembers: kind, words, where from, when.
"$TUI" keys "$s" F7
"$TUI" wait "$s" "What Luna remembers \($n\)" 5
"$TUI" wait "$s" 'pet +Miso' 5
# The entry is named by its short id (as `lanternly list` shows it and `show` takes it), never a row id.
sid=$(lanternly list | awk 'NR == 1 { print $1 }')
[[ "$sid" =~ ^[a-z0-9]{5}$ ]] || fail "no short id in 'lanternly list': $sid"
"$TUI" wait "$s" "from entry $sid, remembered $(date -u +%Y-%m-%d)" 5
lanternly memory list | grep -q -- "— from entry $sid\$" || fail "memory list does not name entry $sid"
memories_json | python3 -c "import json,sys; sys.exit(not all(m.get('entry') == '$sid' for m in json.load(sys.stdin)))" \
  || fail "memory list --json has no entry $sid"
"$TUI" wait "$s" 'd forget +D forget all' 5
# Forget one: asked first; n keeps it.
"$TUI" keys "$s" d
"$TUI" wait "$s" "Forget '(Miso|Dana)'\? y/N" 5
"$TUI" keys "$s" n
"$TUI" wait "$s" 'Nothing was forgotten' 5
[ "$(memories_json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')" = "$n" ] || fail "n forgot something"
first=$(memories_json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["words"])')
"$TUI" keys "$s" d
"$TUI" wait "$s" "Forget '$first'\? y/N" 5
"$TUI" keys "$s" y
"$TUI" wait "$s" "Forgotten: $first" 5
memories_json | python3 -c "import json,sys; w=[m['words'] for m in json.load(sys.stdin)]; sys.exit('$first' in w)" \
  || fail "$first is still in the journal"
"$TUI" wait "$s" "What Luna remembers \($((n - 1))\)" 5

# Narrow, then wide again: still readable, nothing past the edge.
"$TUI" resize "$s" 40x12
"$TUI" wait "$s" "What Luna remembers \($((n - 1))\)" 5
if "$TUI" screen "$s" | awk '{ if (length($0) > 40) bad=1 } END { exit !bad }'; then fail "a row is wider than 40"; fi
"$TUI" resize "$s" 80x24
"$TUI" wait "$s" 'D forget all' 5

# The month: this month's observation, then the month before and back; no later month.
"$TUI" keys "$s" F6
"$TUI" wait "$s" "Month · $(date -u +'%B %Y')" 10
"$TUI" wait "$s" 'Mo Tu We Th Fr Sa Su' 5
"$TUI" wait "$s" '░' 5
# NO_COLOR: no colour is sent at all (39 and 49 only reset to the default), the map reads by
# its characters.
if "$TUI" screen "$s" -e | grep -Eq $'\e\\[([0-9;]*;)?(3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]'; then fail "colour under NO_COLOR"; fi
"$TUI" keys "$s" Right
"$TUI" wait "$s" 'This is the current month' 5
"$TUI" keys "$s" Left
prev=$(python3 -c "import datetime; d=datetime.date.today().replace(day=1)-datetime.timedelta(days=1); print(d.strftime('%B %Y'))")
"$TUI" wait "$s" "Month · $prev" 10
"$TUI" gone "$s" '[0-9]░' 5   # nothing written that month: no day is shaded
"$TUI" keys "$s" l
"$TUI" wait "$s" "Month · $(date -u +'%B %Y')" 10

# After an entry is saved, Luna's tags are offered; a adds them.
"$TUI" keys "$s" F4
"$TUI" wait "$s" 'Journal \(1\)' 5
"$TUI" keys "$s" n
"$TUI" type "$s" "A long walk by the river with Sam"
"$TUI" keys "$s" C-s
"$TUI" wait "$s" 'Luna suggests @[a-z]+' 10
"$TUI" wait "$s" 'a add tags +x no thanks' 5
"$TUI" keys "$s" a
"$TUI" wait "$s" 'Tags added: @' 5
tags=$(lanternly list --json | python3 -c 'import json,sys; e=[x for x in json.load(sys.stdin)["entries"] if x["title"].startswith("A long walk")][0]; print(" ".join(e["tags"]))')
[ -n "$tags" ] || fail "the tags did not reach the journal"
# Another entry: x leaves the offer, and the entry as it was.
"$TUI" keys "$s" n
"$TUI" type "$s" "Another walk by the river, quiet and cold"
"$TUI" keys "$s" C-s
"$TUI" wait "$s" 'Luna suggests @' 10
"$TUI" keys "$s" x
"$TUI" gone "$s" 'Luna suggests' 5
tags=$(lanternly list --json | python3 -c 'import json,sys; e=[x for x in json.load(sys.stdin)["entries"] if x["title"].startswith("Another walk")][0]; print(len(e["tags"]))')
[ "$tags" = "0" ] || fail "x added tags"

# The memory switch in settings is the same setting as `settings set memory`.
"$TUI" keys "$s" F2
"$TUI" wait "$s" "Luna's memory +on" 5
for _ in $(seq 1 20); do
  "$TUI" screen "$s" | grep -q "›Luna's memory\|^ *›.*Luna's memory" && break
  "$TUI" keys "$s" Down
done
"$TUI" screen "$s" | grep -q "Luna's memory" || fail "no memory row"
"$TUI" keys "$s" Enter
"$TUI" wait "$s" "Luna's memory +off" 5
grep -q '"memory" *: *"off"' "$home/config/settings.json" || fail "settings.json does not say memory off"
"$TUI" keys "$s" F7
"$TUI" wait "$s" 'Memory is off' 5
# All, asked first.
"$TUI" keys "$s" D
"$TUI" wait "$s" 'Forget all [0-9]+ things Luna remembers' 5
"$TUI" keys "$s" y
"$TUI" wait "$s" 'Luna forgot everything' 5
[ "$(memories_json)" = "[]" ] || fail "memories left after forgetting all"
"$TUI" keys "$s" C-c
"$TUI" stop "$s"

# Memory on again, the gate closed: said plainly, in Russian, at 40 columns.
lanternly settings set memory on >/dev/null
start closed 40x12 --lang ru
"$TUI" wait "$s" 'F1' 10
"$TUI" keys "$s" F7
"$TUI" wait "$s" 'Что помнит Луна' 5
"$TUI" wait "$s" 'Модель Луны сейчас' 5
"$TUI" keys "$s" F6
"$TUI" wait "$s" 'Месяц · ' 10
"$TUI" wait "$s" 'Посчитано по твоему дневнику' 5
# The chart is below: the screen scrolls to it.
for _ in 1 2 3 4 5 6 7 8; do "$TUI" keys "$s" Down; done
"$TUI" wait "$s" 'Пн Вт Ср' 5
"$TUI" keys "$s" C-c
echo "luna remembers ok"
