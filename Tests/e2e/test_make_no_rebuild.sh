#!/usr/bin/env bash
# make run / make install build the release binary only when a source is newer than it: a
# different LANTERNLY_HOME (or any of Lanternly's variables) is the app's, never a reason to
# build again; and the build itself never sees Lanternly's variables.
source "$(dirname "$0")/lib.sh"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$H/release/lanternly"
mkdir -p "$H/release" && : > "$bin" && touch "$bin"   # a binary newer than every source
plan() { make -n -C "$repo" app BIN_RELEASE="$bin" "$@" 2>&1 | grep -c "swift build" || true; }
[ "$(plan)" = 0 ] || fail "make app builds with nothing changed"
[ "$(LANTERNLY_HOME="$H/other-home" LANTERNLY_PROFILE=iphone-15 plan)" = 0 ] || fail "make app builds when only LANTERNLY_HOME changed"
[ "$(plan LANTERNLY_HOME="$H/third")" = 0 ] || fail "make app builds when LANTERNLY_HOME is given to make"
[ "$(plan -W Sources/lanternly/main.swift)" = 1 ] || fail "make app does not build when a source changed"
[ "$(plan -W Resources/Localizable.xcstrings)" = 1 ] || fail "make app does not build when the strings changed"
# The build command drops Lanternly's variables.
line=$(make -n -C "$repo" app BIN_RELEASE="$bin" -W Package.swift | grep "swift build")
out=$(LANTERNLY_HOME=/x LANTERNLY_NOW=y bash -c "${line%%swift build*} env" )
echo "$out" | grep -q '^LANTERNLY_' && fail "the build sees Lanternly's variables: $(echo "$out" | grep '^LANTERNLY_')"
exit 0
