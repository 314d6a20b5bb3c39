/*
 * The yardstick: the catalog list as a careful C programmer would write it with plain ncursesw.
 * `make bench` measures it beside Spindle under the same pseudo-terminal and prints each Spindle
 * figure as a ratio to it.
 *
 *     .build/yardstick CATALOG.jsonl      # the file `spindle --generate-catalog N --catalog F` writes
 *
 * It shows what Spindle's list shows (header with the count, column headings, one row per title
 * with title, year, genre and length, the selection in reverse, a footer) and takes the same
 * keys (Up/Down/PageUp/PageDown/Home/End, q quits). It draws the way Spindle draws: every key
 * erases the window, draws the whole frame and calls doupdate once, so ncurses sends only the
 * cells that changed. Titles are sanitized once, when loaded (control characters become visible
 * placeholders, as in Spindle); rows are laid out per frame, since their widths depend on the
 * terminal's size.
 */
#define _XOPEN_SOURCE 700 /* wcwidth, getline */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

typedef struct {
    wchar_t *title;
    wchar_t *genre;
    int year;
    int duration; /* seconds */
} Title;

static Title *titles;
static int count, capacity;

/* ---- Loading: a tiny reader for the fixed keys of a Spindle catalog line ---- */

/* The character drawn for `c`: itself, or a visible placeholder if it could control the terminal. */
static wchar_t visible(wchar_t c) {
    if (c >= 0x20 && c < 0x7F) return c;
    if (c < 0x20) return 0x2400 + c;
    if (c == 0x7F) return 0x2421;
    if (c <= 0x9F) return 0xFFFD;
    if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)) return 0xFFFD;
    if (c == 0x2028 || c == 0x2029) return 0xFFFD;
    return c;
}

static unsigned hex4(const char *p) {
    unsigned value = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        value = value * 16 + (c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0');
    }
    return value;
}

/* Reads a JSON string starting after its opening quote; returns a sanitized wide string and
 * leaves *cursor after the closing quote. */
static wchar_t *read_string(const char **cursor) {
    const unsigned char *p = (const unsigned char *)*cursor;
    size_t length = 0, room = 32;
    wchar_t *text = malloc(room * sizeof(wchar_t));
    while (*p && *p != '"') {
        unsigned c;
        if (*p == '\\') {
            p++;
            switch (*p) {
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u':
                c = hex4((const char *)p + 1);
                p += 4;
                if (c >= 0xD800 && c < 0xDC00 && p[1] == '\\' && p[2] == 'u') {
                    c = 0x10000 + ((c - 0xD800) << 10) + (hex4((const char *)p + 3) - 0xDC00);
                    p += 6;
                }
                break;
            default: c = *p; /* \" \\ \/ */
            }
            p++;
        } else if (*p < 0x80) {
            c = *p++;
        } else {
            int extra = *p >= 0xF0 ? 3 : *p >= 0xE0 ? 2 : 1;
            c = *p++ & (0x3F >> extra);
            while (extra-- > 0 && (*p & 0xC0) == 0x80) c = (c << 6) | (*p++ & 0x3F);
        }
        if (length + 2 > room) text = realloc(text, (room *= 2) * sizeof(wchar_t));
        text[length++] = visible((wchar_t)c);
    }
    text[length] = 0;
    *cursor = (const char *)(*p ? p + 1 : p);
    return text;
}

static void load(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); exit(1); }
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, file) > 0) {
        Title title = {0};
        const char *p = line;
        /* {"key":value,...}: keys are strings, values strings or integers. */
        while ((p = strchr(p, '"'))) {
            const char *key = ++p;
            p = strchr(p, '"');
            if (!p) break;
            size_t keyLength = (size_t)(p - key);
            p += 2; /* closing quote and colon */
            if (*p == '"') {
                p++;
                wchar_t *value = read_string(&p);
                if (keyLength == 5 && !strncmp(key, "title", 5)) title.title = value;
                else if (keyLength == 5 && !strncmp(key, "genre", 5)) title.genre = value;
                else free(value);
            } else {
                long value = strtol(p, (char **)&p, 10);
                if (keyLength == 4 && !strncmp(key, "year", 4)) title.year = (int)value;
                else if (keyLength == 8 && !strncmp(key, "duration", 8)) title.duration = (int)value;
            }
        }
        if (!title.title || !title.genre) continue;
        if (count == capacity) titles = realloc(titles, (capacity = capacity ? capacity * 2 : 1024) * sizeof(Title));
        titles[count++] = title;
    }
    free(line);
    fclose(file);
}

/* ---- Layout ---- */

typedef struct { int title, year, genre, duration; } Columns;

static Columns columns_for(int width) {
    Columns c;
    c.year = width >= 30 ? 4 : 0;
    c.duration = width >= 48 ? 7 : 0;
    c.genre = width >= 64 ? (width / 8 < 14 ? width / 8 : 14) : 0;
    int gaps = (c.year > 0) * 2 + (c.genre > 0) * 2 + (c.duration > 0) * 2 + 3;
    c.title = width - c.year - c.genre - c.duration - gaps;
    if (c.title < 1) c.title = 1;
    return c;
}

/* Copies `text` to `out` (room for `room` characters) cut to `width` columns ("…" when cut); a
 * wide character is never split. Returns the number of characters copied. */
static int fit(wchar_t *out, int room, const wchar_t *text, int width) {
    int length = 0, used = 0, cut = 0;
    for (const wchar_t *p = text; *p; p++) {
        int w = wcwidth(*p);
        if (w < 0) w = 1;
        if (w == 0 && length == 0) continue; /* a combining mark with nothing to combine with */
        if (used + w > width || length == room - 1) { cut = 1; break; }
        out[length++] = *p;
        used += w;
    }
    if (cut) {
        /* Drop characters until the ellipsis fits. */
        while (used > width - 1 && length > 0) {
            int w = wcwidth(out[--length]);
            used -= w < 0 ? 1 : w;
        }
        out[length++] = 0x2026;
    }
    return length;
}

/* Draws `text` cut to `width` columns at `row`, `column`. */
static void put(int row, int column, const wchar_t *text, int width) {
    wchar_t cut[1024];
    int length = fit(cut, 1024, text, width);
    mvaddnwstr(row, column, cut, length);
}

/* "1h 52m", "52m". */
static void format_duration(wchar_t *text, size_t room, int seconds) {
    int minutes = (seconds + 30) / 60;
    if (minutes >= 60) swprintf(text, room, L"%dh %02dm", minutes / 60, minutes % 60);
    else swprintf(text, room, L"%dm", minutes);
}

/* One list row in the current attributes: a space, the title cut to its column, then year, genre
 * and length (right-aligned), two columns apart. The gaps are not drawn over. Returns the column
 * where the row ends. */
static int draw_row(int row, const wchar_t *title, const wchar_t *year, const wchar_t *genre,
                    const wchar_t *length, Columns c) {
    int column = 1;
    put(row, column, title, c.title);
    column += c.title;
    if (c.year > 0) { put(row, column + 2, year, c.year); column += 2 + c.year; }
    if (c.genre > 0) { put(row, column + 2, genre, c.genre); column += 2 + c.genre; }
    if (c.duration > 0) {
        column += 2 + c.duration;
        int shown = (int)wcslen(length); /* short and plain */
        put(row, column - shown, length, c.duration);
    }
    return column;
}

static int row_width(Columns c) {
    return 1 + c.title + (c.year ? 2 + c.year : 0) + (c.genre ? 2 + c.genre : 0) + (c.duration ? 2 + c.duration : 0);
}

/* ---- Drawing ---- */

enum { HEADER_PAIR = 1 };
static int selection, scroll_offset;

static void draw(void) {
    int width = COLS, height = LINES;
    erase();
    if (height < 6 || width < 24) {
        mvaddstr(0, 0, "Too small");
        refresh();
        return;
    }

    /* Header: a bar in the header colors, the name on the left, the count on the right. */
    attr_set(A_BOLD, HEADER_PAIR, NULL);
    mvhline(0, 0, ' ', width);
    mvaddwstr(0, 0, L" Spindle");
    wchar_t status[32];
    int status_length = swprintf(status, 32, L"%d titles", count);
    int status_column = width - status_length - 1;
    mvaddnwstr(0, status_column < 10 ? 10 : status_column, status, status_length);

    /* Column headings, dim gaps included. */
    Columns c = columns_for(width);
    attr_set(A_DIM, 0, NULL);
    mvhline(1, 0, ' ', row_width(c));
    draw_row(1, L"Title", L"Year", L"Genre", L"Length", c);

    int rows = height - 3;
    for (int i = 0; i < rows && scroll_offset + i < count; i++) {
        const Title *t = &titles[scroll_offset + i];
        wchar_t year[12], length[16];
        swprintf(year, 12, L"%d", t->year);
        format_duration(length, 16, t->duration);
        if (scroll_offset + i == selection) {
            attr_set(A_REVERSE, 0, NULL);
            mvhline(2 + i, 0, ' ', width); /* the highlight spans the row */
        } else {
            attr_set(A_NORMAL, 0, NULL);
        }
        draw_row(2 + i, t->title, year, t->genre, length, c);
    }

    /* A scrollbar in the last column, as Spindle's list has: a dim track, the thumb over it. */
    if (count > rows && width > 1) {
        int size = rows * rows / count;
        if (size < 1) size = 1;
        int scrollable = count - rows, travel = rows - size;
        int start = (scroll_offset * travel + scrollable - 1) / scrollable;
        attr_set(A_DIM, 0, NULL);
        for (int i = 0; i < rows; i++) mvaddwstr(2 + i, width - 1, L"\x2502");
        attr_set(A_NORMAL, 0, NULL);
        for (int i = start; i < start + size && i < rows; i++) mvaddwstr(2 + i, width - 1, L"\x2503");
    }

    /* Footer: key hints on the left, the position ("187 / 5,000") on the right, as Spindle's. */
    const wchar_t *hints = width >= 48 ? L" \x2191\x2193 move  PgUp PgDn  Home End  q quit" : L" \x2191\x2193 move  q quit";
    attr_set(A_DIM, 0, NULL);
    mvhline(height - 1, 0, ' ', width);
    mvaddwstr(height - 1, 0, hints);
    wchar_t position[48];
    int position_length = count >= 1000
        ? swprintf(position, 48, L"%d / %d,%03d ", selection + 1, count / 1000, count % 1000)
        : swprintf(position, 48, L"%d / %d ", selection + 1, count);
    if (position_length > 0 && width - position_length > 40) mvaddwstr(height - 1, width - position_length, position);
    attr_set(A_NORMAL, 0, NULL);
    wnoutrefresh(stdscr);
    doupdate();
}

/* ---- Keys: the same moves as Spindle's list (Sources/Browser/ListState+Navigation.swift) ---- */

static void keep_selection_visible(void) {
    int rows = LINES - 3 > 1 ? LINES - 3 : 1;
    if (selection < scroll_offset) scroll_offset = selection;
    else if (selection >= scroll_offset + rows) scroll_offset = selection - rows + 1;
    if (scroll_offset > count - rows) scroll_offset = count - rows;
    if (scroll_offset < 0) scroll_offset = 0;
}

static void select_index(int index) {
    selection = index < 0 ? 0 : index > count - 1 ? count - 1 : index;
    if (selection < 0) selection = 0;
    keep_selection_visible();
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s CATALOG.jsonl\n", argv[0]);
        return 2;
    }
    setlocale(LC_ALL, "");
    load(argv[1]);

    initscr();
    cbreak();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    meta(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    if (has_colors() && !(getenv("NO_COLOR") && *getenv("NO_COLOR"))) {
        start_color();
        use_default_colors();
        init_pair(HEADER_PAIR, COLOR_BLACK, COLOR_CYAN);
    }

    draw();
    for (;;) {
        wint_t key;
        int status = get_wch(&key);
        if (status == ERR) break; /* the terminal went away */
        int page = LINES - 3 > 1 ? LINES - 3 : 1;
        if (status == KEY_CODE_YES) {
            switch (key) {
            case KEY_UP: select_index(selection - 1); break;
            case KEY_DOWN: select_index(selection + 1); break;
            case KEY_PPAGE: scroll_offset -= page; select_index(selection - page); break;
            case KEY_NPAGE: scroll_offset += page; select_index(selection + page); break;
            case KEY_HOME: select_index(0); break;
            case KEY_END: select_index(count - 1); break;
            case KEY_RESIZE: keep_selection_visible(); break;
            default: continue;
            }
        } else if (key == 'q') {
            break;
        } else {
            continue;
        }
        draw();
    }
    endwin();
    return 0;
}
