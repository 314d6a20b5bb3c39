// The system's zlib as Swift sees it: its header alone (compress2, uncompress, compressBound).
#ifndef SPINDLE_CZLIB_SHIM_H
#define SPINDLE_CZLIB_SHIM_H

#include <zlib.h>

#endif
