#define _GNU_SOURCE
#include <spawn.h>
#include "CMPVSpawn.h"

short cmpv_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int cmpv_spawn_add_closefrom(void *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}
