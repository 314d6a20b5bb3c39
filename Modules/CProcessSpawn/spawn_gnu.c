#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include "CProcessSpawn.h"

short cmpv_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int cmpv_spawn_add_closefrom(void *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}

int cmpv_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
