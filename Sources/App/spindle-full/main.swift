import AppLibrary
import AppCommandLine
import NIOCore
import NIOPosix

// Swift concurrency's jobs run on NIO's event loops, which sleep in epoll while there is
// nothing to do, rather than on libdispatch's pool: the first thread that pool starts arms a
// timer that wakes the process every second for the rest of its life, and an idle browser should
// not wake at all (docs/performance.md). Before any task exists, as the call requires. Not for
// `spindle serve`, whose event loops carry the connections: a job's work there would hold up
// their reads and writes.
if !CommandLine.arguments.dropFirst().contains("serve") {
    _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
}

// The app with the library: scanned media folders and imported catalogs, in SQLite.
SpindleCommand.launch(library: SQLiteLibraryFeature())
