import Foundation

extension LibraryDatabase {
    /// Closes the database and deletes its files (the WAL and shared memory too): for a
    /// database this run created for a catalog whose first import was refused or interrupted,
    /// so that nothing is left behind for a file that was never a catalog.
    ///
    ///     let database = try LibraryDatabase(path: path)   // new
    ///     do { try await LibraryImport.importCatalog(path: file, into: database) }
    ///     catch { database.discard(); throw error }
    package func discard() {
        try? pool.close()
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
