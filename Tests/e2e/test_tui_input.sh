#!/usr/bin/env bash
# Full-screen app: nothing typed is lost. With a locale the machine lacks or one that is not
# UTF-8, Cyrillic, Japanese and emoji are typed, shown and kept; `?` starts a message; Ctrl-W
# deletes a word; a paste over the CLI's limit is refused with a message, the app stays
# responsive. Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" input
cat > "$work/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
n=0
for locale in "LANG=zz_QQ.UTF-8" "LANG=C" "LC_ALL=POSIX"; do
  n=$((n + 1))
  home="$work/home$n"
  "$TUI" start "$s" 80x24 --env LANG= --env LC_ALL= --env "$locale" -- \
    "$LANTERNLY_BIN" --home "$home" --profile "$work/profile.json" --lang en
  "$TUI" wait "$s" 'Enter send' 10
  "$TUI" type "$s" "?Ёлка и 日本の海 🎉 спасибо"
  "$TUI" wait "$s" '^› \?Ёлка и 日本の海 🎉 спасибо *$' 5 || { echo "typed text lost under $locale"; exit 1; }
  "$TUI" keys "$s" C-w
  "$TUI" wait "$s" '^› \?Ёлка и 日本の海 🎉 *$' 5 || { echo "Ctrl-W did not delete the word under $locale"; exit 1; }
  "$TUI" keys "$s" Enter
  "$TUI" wait "$s" 'Luna +·' 10
  "$TUI" keys "$s" C-c
  sleep 0.3
  "$LANTERNLY_BIN" --home "$home" history | grep -qF "?Ёлка и 日本の海 🎉" || { echo "not kept under $locale"; "$LANTERNLY_BIN" --home "$home" history; exit 1; }
done

# A paste far over the limit: refused whole with a message; the app answers keys at once after.
python3 -c 'import sys; open(sys.argv[1], "w").write("большой текст " * 40000 + "TAIL-OF-PASTE")' "$work/big.txt"
"$TUI" start "$s" 80x24 -- "$LANTERNLY_BIN" --home "$work/home1" --profile "$work/profile.json" --lang en
"$TUI" wait "$s" 'Enter send' 10
"$TUI" type "$s" "before "
"$TUI" paste "$s" "$work/big.txt"
"$TUI" wait "$s" 'Not added' 20 || { echo "no message for a paste over the limit"; exit 1; }
"$TUI" type "$s" "after"
"$TUI" wait "$s" '^› before after *$' 5
if "$TUI" screen "$s" | grep -q 'TAIL-OF-PASTE'; then echo "part of the paste was added"; exit 1; fi
# A paste with CRLF line ends, and keys typed right behind it (they may arrive in the same read
# as the paste's end): the lines become one break each, the keys land after the paste, in order.
"$TUI" keys "$s" C-u
printf 'first pasted line\r\nsecond ёлка 🎉' > "$work/crlf.txt"
"$TUI" paste "$s" "$work/crlf.txt"
"$TUI" type "$s" "+typed"
"$TUI" wait "$s" 'second ёлка 🎉\+typed *$' 5 || { echo "keys after a paste were lost or reordered"; exit 1; }
"$TUI" wait "$s" '^› first pasted line *$' 5 || { echo "CRLF was not one line break"; exit 1; }
"$TUI" keys "$s" C-c
echo "input ok"
