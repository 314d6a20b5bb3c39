#include "ConcurrencyHook.h"

#include <stdatomic.h>
#include <stddef.h>

// The runtime's own variable: a pointer to a Swift function (swiftcc), nil by default.
extern void *_Atomic swift_task_enqueueGlobal_hook;

int spindle_set_global_enqueue_hook(const void *hook) {
    void *unset = NULL;
    return atomic_compare_exchange_strong(&swift_task_enqueueGlobal_hook, &unset, (void *)hook) ? 0 : -1;
}
