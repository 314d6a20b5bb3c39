#ifndef SPINDLE_CONCURRENCY_HOOK_H
#define SPINDLE_CONCURRENCY_HOOK_H

/// Sets the Swift runtime's hook for the jobs bound for the global concurrent executor
/// (`swift_task_enqueueGlobal_hook`), when no hook is set yet: 0 then, -1 when one was.
///
/// Linked, not looked up: a binary with the Swift runtime linked in statically keeps the hook
/// out of its dynamic symbols, where `dlsym` would look for it.
int spindle_set_global_enqueue_hook(const void *hook);

#endif
