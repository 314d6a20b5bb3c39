import AppLibrary
import AppCommandLine

// Not for `spindle serve`, whose event loops carry the connections: a job's work there would
// hold up their reads and writes.
if !CommandLine.arguments.dropFirst().contains("serve") {
    EventLoopConcurrency.install()
}

// The app with the library: scanned media folders and imported catalogs, in SQLite.
SpindleCommand.launch(library: SQLiteLibraryFeature())
