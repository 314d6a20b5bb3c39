// What Spin needs from C: a thread-local pointer that costs a plain memory access.
//
// While a spin drains, the thread doing it points `spin_drain_context` at the spin's context (its
// clock), so that effect functions built during the drain see that spin's clock whichever thread
// drains. pthread_getspecific costs a function call, and a Swift task-local as much as reducing
// an event; a C11 thread-local is a load.
#ifndef SPINDLE_CSPINSUPPORT_H
#define SPINDLE_CSPINSUPPORT_H

extern _Thread_local void *spin_drain_context;

static inline void *spin_drain_context_get(void) { return spin_drain_context; }
static inline void spin_drain_context_set(void *context) { spin_drain_context = context; }

#endif
