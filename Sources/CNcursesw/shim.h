#ifndef LANTERNLY_CNCURSESW_SHIM_H
#define LANTERNLY_CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600 (FACTS.md, "Linux specifics"):
// without NCURSES_WIDECHAR the wide-character API (get_wch, add_wch…) vanishes.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#endif
