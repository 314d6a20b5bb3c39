#include "CTerminalRestore.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_modes;
static int saved_fd = -1;
static int out_fd = -1;
static char restore_bytes[512];
static size_t restore_length = 0;
static char prefix_bytes[128];
static volatile sig_atomic_t prefix_length = 0;
static int wake_fd = -1;

static volatile sig_atomic_t armed = 0;
static volatile sig_atomic_t installed = 0;
static volatile sig_atomic_t interrupt_pending = 0;
static int atexit_registered = 0;

static const int fatal_signals[] = {SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP,
                                    SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
#define FATAL_COUNT (sizeof(fatal_signals) / sizeof(fatal_signals[0]))
static const int wake_signals[] = {SIGINT, SIGWINCH, SIGTSTP, SIGCONT};
#define WAKE_COUNT (sizeof(wake_signals) / sizeof(wake_signals[0]))

static struct sigaction previous_fatal[FATAL_COUNT];
static struct sigaction previous_wake[WAKE_COUNT];

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += n;
        length -= (size_t)n;
    }
}

void spindle_restore_now(void) {
    if (!armed) return;
    armed = 0;
    if (saved_fd >= 0) {
        if (prefix_length > 0) write_all(out_fd >= 0 ? out_fd : saved_fd, prefix_bytes, (size_t)prefix_length);
        write_all(out_fd >= 0 ? out_fd : saved_fd, restore_bytes, restore_length);
        tcsetattr(saved_fd, TCSADRAIN, &saved_modes);
    }
}

void spindle_restore_set_sequence(const char *sequence, size_t length) {
    if (length > sizeof restore_bytes) length = sizeof restore_bytes;
    memcpy(restore_bytes, sequence, length);
    restore_length = length;
}

void spindle_restore_set_prefix(const char *sequence, size_t length) {
    if (length > sizeof prefix_bytes) length = sizeof prefix_bytes;
    prefix_length = 0;
    memcpy(prefix_bytes, sequence, length);
    prefix_length = (sig_atomic_t)length;
}

void spindle_restore_modes_only(void) {
    if (!armed) return;
    armed = 0;
    if (saved_fd >= 0) tcsetattr(saved_fd, TCSADRAIN, &saved_modes);
}

static void reraise(int sig) {
    spindle_restore_now();
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    // Unblock it (it is blocked while its handler runs) and deliver it with the default action.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

static void on_fatal(int sig) { reraise(sig); }

static void on_wake(int sig) {
    int saved_errno = errno;
    char byte = 0;
    switch (sig) {
    case SIGINT:
        if (interrupt_pending) { reraise(sig); errno = saved_errno; return; }
        interrupt_pending = 1;
        byte = 'c';
        break;
    case SIGWINCH: byte = 'r'; break;
    case SIGTSTP: byte = 'z'; break;
    case SIGCONT: byte = 'g'; break;
    default: break;
    }
    if (byte && wake_fd >= 0) {
        ssize_t ignored = write(wake_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

int spindle_restore_prepare(int modes_fd, int output_fd) {
    if (tcgetattr(modes_fd, &saved_modes) != 0) return -1;
    saved_fd = modes_fd;
    out_fd = output_fd;
    restore_length = 0;
    prefix_length = 0;
    armed = 1;
    if (!atexit_registered) {
        atexit_registered = 1;
        atexit(spindle_restore_now);
    }
    return 0;
}

void spindle_restore_install(int fd) {
    if (installed) return;
    wake_fd = fd;
    interrupt_pending = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_fatal;
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal_signals[i], &action, &previous_fatal[i]);
    action.sa_handler = on_wake;
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < WAKE_COUNT; i++) sigaction(wake_signals[i], &action, &previous_wake[i]);
    installed = 1;
    // Whatever the parent left blocked, this thread takes the signals it handles.
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaddset(&set, fatal_signals[i]);
    for (size_t i = 0; i < WAKE_COUNT; i++) sigaddset(&set, wake_signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void spindle_restore_uninstall(void) {
    if (!installed) return;
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal_signals[i], &previous_fatal[i], NULL);
    for (size_t i = 0; i < WAKE_COUNT; i++) sigaction(wake_signals[i], &previous_wake[i], NULL);
    installed = 0;
    wake_fd = -1;
}

void spindle_interrupt_taken(void) { interrupt_pending = 0; }

void spindle_restore_rearm(void) {
    if (saved_fd >= 0) armed = 1;
}

void spindle_suspend_self(void) {
    struct sigaction dfl, mine;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &mine);
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, &old);
    kill(0, SIGTSTP);  // the whole process group, as the terminal driver does
    sigprocmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &mine, NULL);
}
