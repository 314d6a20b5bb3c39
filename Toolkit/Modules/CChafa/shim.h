// libchafa as Swift sees it: the library's header, and glib's string release behind a plain
// function (g_string_free is a macro in newer glib).
#ifndef SPINDLE_CCHAFA_SHIM_H
#define SPINDLE_CCHAFA_SHIM_H

#include <chafa.h>

// Copies `string`'s bytes into `buffer` (at most `capacity`), frees it, and returns its length.
static inline size_t spindle_chafa_take_string(GString *string, unsigned char *buffer, size_t capacity) {
    if (string == NULL) return 0;
    size_t length = string->len;
    if (buffer != NULL) {
        size_t copied = length < capacity ? length : capacity;
        for (size_t i = 0; i < copied; i++) buffer[i] = (unsigned char)string->str[i];
    }
    g_string_free(string, TRUE);
    return length;
}

// The length of `string`, which stays alive.
static inline size_t spindle_chafa_string_length(const GString *string) { return string == NULL ? 0 : string->len; }

#endif
