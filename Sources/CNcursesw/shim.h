#ifndef LANTERNLY_CNCURSESW_SHIM_H
#define LANTERNLY_CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600 (FACTS.md, "Linux specifics"):
// without NCURSES_WIDECHAR the wide-character API (get_wch, add_wch…) vanishes.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// wcwidth is hidden behind _XOPEN_SOURCE in glibc's wchar.h (man 3 wcwidth).
extern int wcwidth(wchar_t c);
static inline int lt_wcwidth(wchar_t c) { return wcwidth(c); }

// Macros and globals Swift cannot import, as small inline functions.
static inline WINDOW *lt_stdscr(void) { return stdscr; }
static inline WINDOW *lt_curscr(void) { return curscr; }
static inline int lt_lines(void) { return LINES; }
static inline int lt_cols(void) { return COLS; }
static inline attr_t lt_a_normal(void) { return A_NORMAL; }
static inline attr_t lt_a_bold(void) { return A_BOLD; }
static inline attr_t lt_a_reverse(void) { return A_REVERSE; }
static inline attr_t lt_a_dim(void) { return A_DIM; }
static inline attr_t lt_a_underline(void) { return A_UNDERLINE; }
static inline int lt_err(void) { return ERR; }
static inline int lt_ok(void) { return OK; }
static inline int lt_key_code_yes(void) { return KEY_CODE_YES; }
static inline int lt_key_resize(void) { return KEY_RESIZE; }
static inline int lt_key_up(void) { return KEY_UP; }
static inline int lt_key_down(void) { return KEY_DOWN; }
static inline int lt_key_left(void) { return KEY_LEFT; }
static inline int lt_key_right(void) { return KEY_RIGHT; }
static inline int lt_key_home(void) { return KEY_HOME; }
static inline int lt_key_end(void) { return KEY_END; }
static inline int lt_key_ppage(void) { return KEY_PPAGE; }
static inline int lt_key_npage(void) { return KEY_NPAGE; }
static inline int lt_key_backspace(void) { return KEY_BACKSPACE; }
static inline int lt_key_dc(void) { return KEY_DC; }
static inline int lt_key_enter(void) { return KEY_ENTER; }
static inline int lt_key_btab(void) { return KEY_BTAB; }
static inline int lt_key_f0(void) { return KEY_F0; }
static inline int lt_key_max(void) { return KEY_MAX; }

/// get_wch on stdscr (a macro in curses.h).
static inline int lt_get_wch(wint_t *ch) { return wget_wch(stdscr, ch); }
/// getch on stdscr: one byte, a KEY_* code (>= KEY_MIN) or ERR.
static inline int lt_getch(void) { return wgetch(stdscr); }
static inline int lt_key_min(void) { return KEY_MIN; }
/// The character set of the current LC_CTYPE ("UTF-8", "ANSI_X3.4-1968"…); see nl_langinfo(3).
#include <langinfo.h>
static inline const char *lt_codeset(void) { return nl_langinfo(CODESET); }

/// Draws one cell: `wcs` is a NUL-terminated spacing character plus combining marks.
/// The corresponding C functions are `setcchar` and `mvwadd_wch`.
static inline int lt_put_cell(int y, int x, const wchar_t *wcs, attr_t attrs, short pair) {
    cchar_t cc;
    if (setcchar(&cc, wcs, attrs, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(stdscr, y, x, &cc);
}

/// Frees the terminal description `setupterm` loaded (the `cur_term` global).
static inline void lt_del_cur_term(void) { if (cur_term) del_curterm(cur_term); }

/// Writes raw bytes to a stream and flushes (private-mode switches such as bracketed paste).
static inline void lt_write(FILE *f, const char *s) { fputs(s, f); fflush(f); }
/// Where the terminal's cursor is after doupdate (curscr's cursor; getyx is a macro).
static inline int lt_cur_y(void) { return getcury(curscr); }
static inline int lt_cur_x(void) { return getcurx(curscr); }
static inline FILE *lt_stdout(void) { return stdout; }
static inline FILE *lt_stdin(void) { return stdin; }
#endif
