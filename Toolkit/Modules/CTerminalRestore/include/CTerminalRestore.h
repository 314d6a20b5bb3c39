// Leaving the terminal as it was, whatever ends the program.
//
// Everything here runs inside signal handlers, so it is plain C and only calls
// async-signal-safe functions (write, tcsetattr, sigaction, raise). The Swift side prepares
// the bytes to write and the terminal modes to restore once, at start.
#ifndef SPINDLE_CTERMINALRESTORE_H
#define SPINDLE_CTERMINALRESTORE_H

#include <stddef.h>

/// Remembers what restoring means: the terminal's modes now (read with tcgetattr on `modes_fd`,
/// before curses changes them), written back to it; and the file descriptor the restore bytes go
/// to. Returns 0, or -1 when the modes cannot be read (not a terminal).
int spindle_restore_prepare(int modes_fd, int output_fd);

/// The bytes that leave the alternate screen, reset attributes and show the cursor (at most 512).
void spindle_restore_set_sequence(const char *sequence, size_t length);

/// Bytes written before the restore sequence (at most 128): what removes pictures the program
/// placed (kitty images). Set once the first one is shown; safe while the handlers are armed
/// (a signal in between writes the old prefix or none, never a torn one).
void spindle_restore_set_prefix(const char *sequence, size_t length);

/// Installs the handlers:
/// - SIGINT: the first one writes 'c' to `wake_fd` (the program quits on its own); a second one
///   before the program has taken the first restores and re-raises.
/// - SIGTERM, SIGHUP, SIGQUIT and the crash signals (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS,
///   SIGFPE): restore, then re-raise with the default action so the exit status stays honest.
/// - SIGWINCH writes 'r', SIGTSTP writes 'z' and SIGCONT writes 'g' to `wake_fd`, so that the
///   thread that owns the terminal handles resize and suspend, never the handler itself.
void spindle_restore_install(int wake_fd);

/// Puts back the handlers that were there before `spindle_restore_install`.
void spindle_restore_uninstall(void);

/// Writes the restore bytes and sets the saved modes, if installed and not done yet.
/// Safe to call more than once and from `atexit`.
void spindle_restore_now(void);

/// After a normal `endwin`: sets the saved modes (so `stty -g` is identical) and disarms, without
/// writing the restore bytes again.
void spindle_restore_modes_only(void);

/// Marks the pending interrupt as taken, so that the next Ctrl+C is again a polite one.
void spindle_interrupt_taken(void);

/// Re-arms restoring after the program has taken the terminal back (after a suspend).
void spindle_restore_rearm(void);

/// Stops the process the way Ctrl+Z would (SIGTSTP with the default action), and returns when
/// it is continued. The caller has already left curses mode.
void spindle_suspend_self(void);

#endif
