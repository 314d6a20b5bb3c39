// libpng 1.6 as Swift sees it: the header, and the simplified API's constants and size macros
// behind plain values and functions (Swift imports neither a macro with arguments nor every
// composed flag).
#ifndef SPINDLE_CPNG_SHIM_H
#define SPINDLE_CPNG_SHIM_H

#include <png.h>

// The simplified API's version, for `png_image.version`.
static const png_uint_32 spindle_png_image_version = PNG_IMAGE_VERSION;

// Red, green, blue and alpha, a byte each, unassociated alpha.
static const png_uint_32 spindle_png_format_rgba = PNG_FORMAT_RGBA;

// On read: a 16-bit file with no gAMA or sRGB chunk is taken as sRGB, not linear.
static const png_uint_32 spindle_png_flag_16bit_srgb = PNG_IMAGE_FLAG_16BIT_sRGB;

// The longest side libpng reads or writes (its default user limit; the simplified API has no
// way to change it).
static const png_uint_32 spindle_png_user_maximum_side =
    PNG_USER_WIDTH_MAX < PNG_USER_HEIGHT_MAX ? PNG_USER_WIDTH_MAX : PNG_USER_HEIGHT_MAX;

// An upper bound on the bytes `png_image_write_to_memory` writes for `image` (8-bit samples).
static inline png_alloc_size_t spindle_png_image_size_max(const png_image *image) {
    return PNG_IMAGE_PNG_SIZE_MAX(*image);
}

#endif
