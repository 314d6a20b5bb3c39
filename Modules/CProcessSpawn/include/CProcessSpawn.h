#ifndef CMPVSPAWN_H
#define CMPVSPAWN_H

// What Swift's Glibc module hides behind _GNU_SOURCE, for spawning mpv.

/// POSIX_SPAWN_SETSID: the child starts a session of its own.
short cmpv_spawn_setsid_flag(void);

/// posix_spawn_file_actions_addclosefrom_np: the child closes every fd from `lowest` up.
/// `actions` is a posix_spawn_file_actions_t *.
int cmpv_spawn_add_closefrom(void *actions, int lowest);

/// pipe2(fds, O_CLOEXEC): a pipe whose ends are close-on-exec from the start, so that no child
/// another thread spawns meanwhile inherits them.
int cmpv_pipe_cloexec(int fds[2]);

#endif
