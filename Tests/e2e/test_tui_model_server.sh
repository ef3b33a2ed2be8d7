#!/usr/bin/env bash
# The full-screen app with a model server on 127.0.0.1 (the tests' own loopback server,
# Tests/LoopbackModelServerTool): streamed replies, "waking the model", a character split
# across chunks, a cut-off reply, 500, a dropped connection, escape sequences, a missing
# model, a refused connection, Esc stopping a reply, and the remote-server notice (without
# connecting: the device's gate is closed, so the server is never asked).
source "$(dirname "$0")/tui-lib.sh" model
server_bin="$(dirname "$LANTERNLY_BIN")/loopback-model-server"
[ -x "$server_bin" ] || { echo "missing $server_bin (swift build --build-tests builds it)"; exit 1; }

# The server reads behaviour names on its standard input; it is stopped by its pid.
mkfifo "$work/server.in"
"$server_bin" normal --delay 3 < "$work/server.in" > "$work/server.port" &
server_pid=$!
exec 7> "$work/server.in"
trap 'kill "$server_pid" 2>/dev/null || true; cleanup' EXIT
for _ in $(seq 50); do [ -s "$work/server.port" ] && break; sleep 0.1; done
port="$(head -n 1 "$work/server.port")"
[ -n "$port" ] || { echo "the loopback server did not start"; exit 1; }
behave() { echo "$1" >&7; sleep 0.2; }

B=("$LANTERNLY_BIN" --home "$work/home" --lang en)
"${B[@]}" settings set model.server "http://127.0.0.1:$port/v1" >/dev/null
"${B[@]}" settings set model.name luna-test >/dev/null
# One request per message: memory extraction after each turn would be a request of its own
# and take the next behaviour meant for a reply (memory has its own tests).
"${B[@]}" settings set memory off >/dev/null

tui start "$s" 80x30 -- "${B[@]}"
tui wait "$s" 'Enter send' 15
say() { tui type "$s" "$1"; tui keys "$s" Enter; }

# A streamed reply, live.
say "work was a lot today"
tui wait "$s" 'stays with you tonight' 15
tui wait "$s" 'Luna +· on-device' 5

# Slow first token: Luna says she is waking the model; the input stays responsive meanwhile.
behave slowFirstToken
say "are you there"
tui wait "$s" 'waking the model' 10
tui type "$s" "typing while waiting"
tui wait "$s" 'typing while waiting' 3
tui keys "$s" C-u
tui gone "$s" 'waking the model' 15

# A character split across two chunks is joined.
behave splitCharacter
say "hello"
tui wait "$s" 'Привет 🌙 — how was today\?' 10

# finish_reason length: marked as cut off.
behave cutOff
say "tell me more"
tui wait "$s" '… cut off' 10

# Escape sequences never reach the terminal: the text shows, the title is not changed.
behave escapeSequences
say "say hi"
tui wait "$s" 'Hello there friend evil ok' 10
if tui screen "$s" | grep -q 'pwned'; then echo "an OSC sequence reached the screen"; exit 1; fi
title="$(tui tmux display-message -p -t "$s" '#{pane_title}')"
[ "$title" != "pwned" ] || { echo "the model set the terminal title"; exit 1; }

# Esc stops a reply: the part received stays, marked as stopped.
behave endless
say "keep going"
tui wait "$s" 'word3 ' 10
tui keys "$s" Escape
tui wait "$s" '… stopped' 10

# 500 and a dropped connection: the bank answers; the errors are recorded by name.
behave serverError
say "one more thing"
tui wait "$s" 'Luna +· prepared reply' 10
"${B[@]}" diagnostics | grep -q 'http500' || { echo "http500 not in diagnostics"; "${B[@]}" diagnostics; exit 1; }
behave dropMidStream
say "and another"
for _ in $(seq 50); do "${B[@]}" diagnostics | grep -q connectionDropped && break; sleep 0.2; done
"${B[@]}" diagnostics | grep -q 'connectionDropped' || { echo "connectionDropped not in diagnostics"; exit 1; }
tui alive "$s"
tui keys "$s" C-q
tui stop "$s"

# A missing model: the banner gives the fix.
"${B[@]}" settings set model.name nothere >/dev/null
tui start "$s" 100x24 -- "${B[@]}"
tui wait "$s" 'ollama pull nothere' 15
# The diagnostics screen names the server, its state and the fix.
tui keys "$s" F3
tui wait "$s" "Model server +http://127.0.0.1:$port/v1" 5
tui wait "$s" 'What to do +ollama pull nothere' 5
tui stop "$s"

# A refused connection: the banner names the server and the error.
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
"${B[@]}" settings set model.name luna-test >/dev/null
# One request per message: memory extraction after each turn would be a request of its own
# and take the next behaviour meant for a reply (memory has its own tests).
"${B[@]}" settings set memory off >/dev/null
tui start "$s" 120x24 -- "${B[@]}"
tui wait "$s" "can't reach the model server at http://127.0.0.1:$port/v1 \(connectionRefused\)" 15
tui stop "$s"

# A remote server the person allowed: the notice that words leave the computer. The device
# is not eligible, so the server is never contacted.
cat > "$work/iphone15.json" <<JSON
{ "device": "iPhone 15", "os": "iOS 26.1", "appleIntelligence": true, "freeStorageGB": 64,
  "deviceLanguage": "en", "siriLanguage": "en", "region": "US", "model": { "state": "ready" } }
JSON
"${B[@]}" settings set model.server "http://192.0.2.1:11434/v1" >/dev/null
"${B[@]}" settings set model.allowRemote true >/dev/null
tui start "$s" 100x24 -- "${B[@]}" --profile "$work/iphone15.json"
tui wait "$s" 'Your words leave this computer' 10
tui stop "$s"
echo ok
