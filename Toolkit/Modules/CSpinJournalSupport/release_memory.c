#include "CSpinJournalSupport.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void spin_release_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
