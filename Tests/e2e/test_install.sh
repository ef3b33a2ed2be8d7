#!/usr/bin/env bash
# make install into a temporary PREFIX (and with DESTDIR), then the installed lanternly runs
# from another folder with its resources; completions parse; make uninstall removes it all.
source "$(dirname "$0")/lib.sh"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
build_dir="$(cd "$(dirname "$L")/.." && pwd)"
config="$(basename "$(dirname "$L")")"
P="$H/prefix"
make -s -C "$repo" install PREFIX="$P" INSTALL_FROM="$config" BUILD_DIR="$build_dir" >"$H/install.log" 2>&1 \
  || { cat "$H/install.log"; fail "make install failed"; }
for f in bin/lanternly lib/lanternly/lanternly share/man/man1/lanternly.1 share/man/ru/man1/lanternly.1 \
         share/bash-completion/completions/lanternly share/zsh/site-functions/_lanternly \
         share/fish/vendor_completions.d/lanternly.fish; do
  [ -e "$P/$f" ] || fail "make install did not install $f"
done
[ -d "$P/lib/lanternly/Lanternly_LanternlyResources.resources/profiles" ] || fail "resources not installed"

# From another folder, with PATH pointing at the installed bin only.
mkdir -p "$H/elsewhere" && cd "$H/elsewhere"
out=$(PATH="$P/bin:/usr/bin:/bin" lanternly --version) || fail "installed lanternly does not run"
[[ "$out" == lanternly* ]] || fail "unexpected --version: $out"
PATH="$P/bin:/usr/bin:/bin" lanternly write --quiet "written by the installed binary" >/dev/null 2>&1 || fail "write failed"
PATH="$P/bin:/usr/bin:/bin" lanternly list | grep -q "written by the installed binary" || fail "list failed"
PATH="$P/bin:/usr/bin:/bin" lanternly status >/dev/null || fail "status (needs the shipped profiles) failed"
PATH="$P/bin:/usr/bin:/bin" lanternly profile list | grep -q "iphone-15" || fail "the shipped profiles are not found"

# Completions parse; the man page is roff with every command.
bash -n "$P/share/bash-completion/completions/lanternly" || fail "bash completion does not parse"
if command -v zsh >/dev/null; then zsh -n "$P/share/zsh/site-functions/_lanternly" || fail "zsh completion does not parse"; fi
if command -v fish >/dev/null; then fish -n "$P/share/fish/vendor_completions.d/lanternly.fish" || fail "fish completion does not parse"; fi
# The bash completion completes a command and an option.
words=$(bash -c 'source "$1"; COMP_WORDS=(lanternly ed); COMP_CWORD=1; _lanternly; echo "${COMPREPLY[*]}"' _ "$P/share/bash-completion/completions/lanternly")
[ "$words" = "edit" ] || fail "bash completion of 'ed' gave '$words'"
words=$(bash -c 'source "$1"; COMP_WORDS=(lanternly list --fr); COMP_CWORD=2; _lanternly; echo "${COMPREPLY[*]}"' _ "$P/share/bash-completion/completions/lanternly")
[ "$words" = "--from" ] || fail "bash completion of 'list --fr' gave '$words'"
head -1 "$P/share/man/man1/lanternly.1" | grep -q '^\.TH LANTERNLY 1' || fail "man page has no .TH"
for c in edit delete trash calendar completions; do
  grep -q "^\.SS $c\$" "$P/share/man/man1/lanternly.1" || fail "man page lacks $c"
done
grep -q "Использование" "$P/share/man/ru/man1/lanternly.1" || fail "Russian man page is not Russian"

# DESTDIR stages under another root.
make -s -C "$repo" install DESTDIR="$H/stage" PREFIX=/opt/lt INSTALL_FROM="$config" BUILD_DIR="$build_dir" >/dev/null 2>&1 \
  || fail "make install with DESTDIR failed"
[ -x "$H/stage/opt/lt/lib/lanternly/lanternly" ] || fail "DESTDIR not honoured"
[ -L "$H/stage/opt/lt/bin/lanternly" ] || fail "no link in DESTDIR/PREFIX/bin"

# uninstall removes every installed file; the journal stays.
make -s -C "$repo" uninstall PREFIX="$P" >/dev/null || fail "make uninstall failed"
left=$(find "$P" -type f -o -type l)
[ -z "$left" ] || fail "make uninstall left: $left"
[ -s "$H/data/journal.sqlite3" ] || fail "the journal went with uninstall"
