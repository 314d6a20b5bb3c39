// The ncursesw API as Swift sees it.
//
// SwiftPM drops the -D flags pkg-config gives, so the wide-character API is switched on here,
// before the ncurses header. Macros and globals that Swift cannot import (or that Swift 6 rejects
// as not concurrency-safe) get small static inline accessors below.
#ifndef SPINDLE_CNCURSESW_SHIM_H
#define SPINDLE_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <ncursesw/curses.h>

// Whether terminal type `term` can move the cursor anywhere (terminfo "cup"): 1 yes, 0 no, -1
// unknown type. Loaded with setupterm, which writes nothing to the terminal, and unloaded again,
// so a terminal that cannot be used is refused before anything is drawn. (term.h is not included:
// it defines capability names such as `lines` and `columns` as macros.)
struct term;
int setupterm(const char *, int, int *);
struct term *set_curterm(struct term *);
int del_curterm(struct term *);
static inline int spindle_terminal_addresses_cursor(const char *type, int fd) {
    int error = 0;
    struct term *previous = set_curterm((struct term *)0);
    if (setupterm(type, fd, &error) != OK) { set_curterm(previous); return -1; }
    char *cup = tigetstr("cup");
    int addresses = cup != NULL && cup != (char *)-1;
    struct term *loaded = set_curterm(previous);
    del_curterm(loaded);
    return addresses;
}

// Globals (Swift 6 refuses mutable C globals).
static inline WINDOW *spindle_stdscr(void) { return stdscr; }
static inline WINDOW *spindle_curscr(void) { return curscr; }
static inline int spindle_lines(void) { return LINES; }
static inline int spindle_cols(void) { return COLS; }
static inline int spindle_color_pairs(void) { return COLOR_PAIRS; }
static inline int spindle_colors(void) { return COLORS; }

// Macros.
static inline int spindle_getmaxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int spindle_getmaxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline int spindle_getcury(WINDOW *w) { int y, x; getyx(w, y, x); (void)x; return y; }
static inline int spindle_getcurx(WINDOW *w) { int y, x; getyx(w, y, x); (void)y; return x; }

static inline attr_t spindle_a_normal(void) { return A_NORMAL; }
static inline attr_t spindle_a_bold(void) { return A_BOLD; }
static inline attr_t spindle_a_dim(void) { return A_DIM; }
static inline attr_t spindle_a_reverse(void) { return A_REVERSE; }
static inline attr_t spindle_a_underline(void) { return A_UNDERLINE; }
static inline attr_t spindle_a_italic(void) { return A_ITALIC; }

static inline int spindle_key_code_yes(void) { return KEY_CODE_YES; }
static inline int spindle_key_f(int n) { return KEY_F(n); }
static inline int spindle_err(void) { return ERR; }
static inline int spindle_ok(void) { return OK; }

// wcwidth is only declared for X/Open; it is what ncurses measures characters with.
int wcwidth(wchar_t c);
static inline int spindle_wcwidth(wchar_t c) { return wcwidth(c); }

// The size the kernel has for the terminal behind `fd` (ioctl is variadic in Swift).
static inline int spindle_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

// The size of one cell in pixels, from the terminal's window size in pixels (0 when the terminal
// does not report it).
static inline int spindle_cell_pixels(int fd, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *width = size.ws_xpixel / size.ws_col;
    *height = size.ws_ypixel / size.ws_row;
    return 0;
}

// Whether `row` of `win` (the frame about to be shown) differs from what the terminal shows
// (curscr), cell by cell: the update will write to that row. Both windows' cursors are left
// where they were.
static inline int spindle_row_differs(WINDOW *win, int row, int columns) {
    enum { chunk = 128 };
    cchar_t mine[chunk + 1], shown[chunk + 1];
    int wy, wx, cy, cx, differs = 0;
    getyx(win, wy, wx);
    getyx(curscr, cy, cx);
    for (int start = 0; start < columns && !differs; start += chunk) {
        int count = columns - start < chunk ? columns - start : chunk;
        if (mvwin_wchnstr(win, row, start, mine, count) == ERR || mvwin_wchnstr(curscr, row, start, shown, count) == ERR) {
            differs = 1;
            break;
        }
        for (int column = 0; column < count; column++) {
            wchar_t a[CCHARW_MAX + 1], b[CCHARW_MAX + 1];
            attr_t attrA, attrB;
            short pairA, pairB;
            if (getcchar(&mine[column], a, &attrA, &pairA, NULL) == ERR || getcchar(&shown[column], b, &attrB, &pairB, NULL) == ERR
                || attrA != attrB || pairA != pairB || wcscmp(a, b) != 0) {
                differs = 1;
                break;
            }
        }
    }
    wmove(win, wy, wx);
    wmove(curscr, cy, cx);
    return differs;
}

// Bytes waiting to be read on `fd` (0 at end of input), or -1.
static inline int spindle_bytes_available(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : -1;
}

#endif
