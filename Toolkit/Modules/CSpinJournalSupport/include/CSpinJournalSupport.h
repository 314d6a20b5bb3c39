// What SpinJournal needs from C: a way to give freed memory back to the system after a large
// encoding (a journal's snapshot).
#ifndef SPINDLE_CSPINJOURNALSUPPORT_H
#define SPINDLE_CSPINJOURNALSUPPORT_H

// Returns the heap's free memory to the system where the C library keeps it (glibc's
// malloc_trim); does nothing elsewhere.
void spin_release_freed_memory(void);

#endif
