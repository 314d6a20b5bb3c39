import AppLibrary
import AppCommandLine

// The app with the library: scanned media folders and imported catalogs, in SQLite.
SpindleCommand.launch(library: SQLiteLibraryFeature())
