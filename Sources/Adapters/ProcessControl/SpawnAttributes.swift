import CProcessSpawn
#if canImport(Glibc)
import Glibc
#endif

/// Sets `attributes` for a child of its own: its own session (no controlling terminal, no
/// terminal signals), every signal back to its default and none blocked, whatever this process
/// does with its own. For mpv and ffprobe.
///
///     var attributes = posix_spawnattr_t()
///     posix_spawnattr_init(&attributes)
///     defer { posix_spawnattr_destroy(&attributes) }
///     setOwnSessionAndDefaultSignals(&attributes)
func setOwnSessionAndDefaultSignals(_ attributes: inout posix_spawnattr_t) {
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(
        &attributes, cmpv_spawn_setsid_flag() | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    )
}
