#!/usr/bin/env bash
# Issue 7, item 9: the crisis check comes first, on the whole original text, on every path —
# the app's chat, `chat --plain`, `reply`, `write`, the app's journal save, `edit`, Luna's
# reflection on an entry whose risk is in an @tag — and each shows the region's help line
# (GB: Samaritans, 116 123). Nothing of a crisis or concern CHAT turn lands on disk: every
# file under the home (the SQLite WAL and shm, state, diagnostics, drafts) and $TMPDIR is
# searched for the marker words inside those messages. Journal entries are the person's own
# words and are kept on purpose; they carry other markers, not searched for.
# Also: a journal that cannot be opened (a corrupt file) still shows the help line on `write`.
# Needs tmux; $LANTERNLY_BIN.
source "$(dirname "$0")/tui-lib.sh" crisis
home="$work/home"
mkdir -p "$work/tmp"; chmod 700 "$work/tmp"
export TMPDIR="$work/tmp" LANG=C.UTF-8 TZ=UTC
L=("$LANTERNLY_BIN" --home "$home" --lang en)
cat > "$work/profile.json" <<JSON
{ "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false }
JSON
L+=(--profile "$work/profile.json")
fail() { echo "FAIL: $*" >&2; exit 1; }
line='116 123'
"${L[@]}" settings set region GB >/dev/null
# Chat history on (the default, said here so the test means it): an ordinary turn is kept,
# a crisis or concern turn never is.
"${L[@]}" settings set history on >/dev/null 2>&1 || true

# Marker words for chat messages (must never reach a file) — one per path and kind.
crisis_msg() { echo "I want to kill myself tonight, $1"; }
concern_msg() { echo "my friend told me she wants to end her life, what do I do $1"; }
chat_markers=()

# --- reply (CLI) ----------------------------------------------------------------------
for kind in crisis concern; do
  m="qzreply${kind}"; chat_markers+=("$m")
  out=$("${L[@]}" reply "$("${kind}_msg" "$m")" 2>&1) || fail "reply $kind exited non-zero: $out"
  grep -qF "$line" <<<"$out" || fail "reply $kind: no help line: $out"
done
# The concern reply is a different reply from the crisis one.
a=$("${L[@]}" reply "$(crisis_msg qzreplyA)" 2>&1); b=$("${L[@]}" reply "$(concern_msg qzreplyB)" 2>&1)
chat_markers+=(qzreplyA qzreplyB)
[ "$a" != "$b" ] || fail "the concern reply is the crisis reply"
# A Japanese message gets a Japanese reply (with an English UI).
m=qzreplyja; chat_markers+=("$m")
out=$("${L[@]}" reply "もう死にたい $m" 2>&1)
grep -qF "$line" <<<"$out" || fail "Japanese: no help line: $out"
grep -qP '[\x{3040}-\x{30ff}]' <<<"$out" || fail "Japanese message, reply not in Japanese: $out"

# --- chat --plain (pipe) ------------------------------------------------------------
m1=qzplaincrisis; m2=qzplainconcern; chat_markers+=("$m1" "$m2")
out=$(printf '%s\n%s\nquit\n' "$(crisis_msg "$m1")" "$(concern_msg "$m2")" | "${L[@]}" chat --plain 2>&1) \
  || fail "chat --plain exited non-zero: $out"
[ "$(grep -cF "$line" <<<"$out")" -ge 2 ] || fail "chat --plain: help line not on both turns: $out"

# --- write (CLI): the entry is saved, Luna's reply is the crisis reply -----------------
out=$("${L[@]}" write "I want to kill myself, jnlwritecrisis" 2>&1) || fail "write exited non-zero: $out"
grep -qF "$line" <<<"$out" || fail "write: no help line: $out"
"${L[@]}" list 2>&1 | grep -q jnlwritecrisis || fail "write: the entry was not saved"
out=$("${L[@]}" write "$(concern_msg jnlwriteconcern)" 2>&1) || fail "write concern exited non-zero: $out"
grep -qF "$line" <<<"$out" || fail "write concern: no help line: $out"

# --- edit (CLI): the new text is checked whole ------------------------------------------
"${L[@]}" write --quiet "an ordinary afternoon jnleditbefore" >/dev/null 2>&1
out=$("${L[@]}" edit --last "I want to kill myself jnleditafter" 2>&1) || fail "edit exited non-zero: $out"
grep -qF "$line" <<<"$out" || fail "edit: no help line: $out"

# --- the app (tmux): chat, journal save, reflection on an @tag -----------------------
"$TUI" start "$s" 100x40 --env TMPDIR="$work/tmp" --env TZ=UTC -- "${L[@]}"
"$TUI" wait "$s" 'Enter send' 10
m=qzappcrisis; chat_markers+=("$m")
"$TUI" type "$s" "$(crisis_msg "$m")"; "$TUI" keys "$s" Enter
"$TUI" wait "$s" "$line" 10
m=qzappconcern; chat_markers+=("$m")
"$TUI" type "$s" "$(concern_msg "$m")"; "$TUI" keys "$s" Enter
helps() { "$TUI" tmux capture-pane -p -S -2000 -t "$s" | grep -cF "$line" || true; }
for _ in $(seq 1 100); do [ "$(helps)" -ge 2 ] && break; sleep 0.1; done  # until the second reply
[ "$(helps)" -ge 2 ] || { "$TUI" screen "$s"; fail "app chat: the help line is not on both turns"; }
# An ordinary turn, so the test shows history is being kept at all.
"$TUI" type "$s" "I baked bread this morning qzordinary"; "$TUI" keys "$s" Enter
for _ in $(seq 1 100); do grep -rqF qzordinary "$home" && break; sleep 0.1; done  # until it is kept

"$TUI" keys "$s" C-c
"$TUI" stop "$s"

# Journal save: F4, n, type, Ctrl-S. Each in a fresh start of the app, whose screen shows no
# help line until this entry brings one (crisis turns are not in the reloaded history). The
# reflection answers from the whole text: in the first entry the risk is only in the @tag,
# which the model would never see once tags are stripped.
for body in "rough week jnlapptag @suicide" "I want to kill myself jnlappsave"; do
  "$TUI" start "$s" 100x40 --env TMPDIR="$work/tmp" --env TZ=UTC -- "${L[@]}"
  "$TUI" wait "$s" 'Enter send' 10
  ! "$TUI" screen "$s" | grep -qF "$line" || { "$TUI" screen "$s"; fail "a help line on the screen before the entry"; }
  "$TUI" keys "$s" F4
  "$TUI" wait "$s" 'Journal \(' 5
  "$TUI" keys "$s" n
  "$TUI" wait "$s" 'Ctrl-S save' 5
  "$TUI" type "$s" "$body"
  "$TUI" keys "$s" C-s
  "$TUI" wait "$s" 'Entry saved' 5
  "$TUI" keys "$s" Escape
  "$TUI" wait "$s" "$line" 10 || fail "app journal save ($body): no help line"
  "$TUI" keys "$s" C-c
  "$TUI" stop "$s"
done

# The ordinary turn was kept (history is on), so the crisis turns' absence means something.
grep -rqF qzordinary "$home" || fail "the ordinary chat turn is not in the history: the search below proves nothing"

# --- nothing of a crisis or concern chat turn lands on disk ----------------------------
for m in "${chat_markers[@]}"; do
  hits=$(find "$home" "$work/tmp" -type f -exec grep -laF "$m" {} + 2>/dev/null || true)
  [ -z "$hits" ] || fail "marker $m found on disk in: $hits"
done
# Sanity: the files searched include the WAL-mode journal.
ls "$home"/data/journal.sqlite3* >/dev/null 2>&1 || fail "no journal under $home/data: the search looked in the wrong place"

# --- the help line never depends on storage: a corrupt journal ----------------------------
db=$(ls "$home"/data/journal.sqlite3)
rm -f "$home"/data/journal.sqlite3-wal "$home"/data/journal.sqlite3-shm
head -c 20000 /dev/urandom > "$db"
set +e; out=$("${L[@]}" write "I want to kill myself jnlcorrupt" 2>&1); rc=$?; set -e
[ "$rc" -ne 0 ] || fail "write into a corrupt journal reported success: $out"
grep -qF "$line" <<<"$out" || fail "corrupt journal: write showed no help line: $out"
grep -qF "$db" <<<"$out" || fail "corrupt journal: the error does not name the file: $out"
set +e; out=$("${L[@]}" reply "$(concern_msg qzcorruptreply)" 2>&1); set -e
grep -qF "$line" <<<"$out" || fail "corrupt journal: reply showed no help line: $out"
echo "crisis paths ok"
