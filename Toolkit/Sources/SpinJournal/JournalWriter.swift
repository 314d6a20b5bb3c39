/// The journal's file and buffer, under the journal's lock.
struct JournalWriter {
    /// The journal file, for error messages.
    let path: String
    var fd: Int32 = -1
    var generation = 0
    var size = 0
    /// The last snapshot's size: the journal may grow as big before the next compaction, so
    /// that compacting a large state costs in proportion to what was journaled since.
    var snapshotSize = 0
    var pending: [UInt8] = []
    var hasUnsyncedBytes = false
    var isSyncScheduled = false
    var syncCount = 0
    var failure: JournalError?

    var isOpen: Bool { fd >= 0 }

    /// Snapshot first, journal second: see `Journal` for why a crash in between is harmless.
    mutating func compact(snapshot: [UInt8], generation: Int, snapshotPath: String, journalPath: String) throws(JournalError) {
        try DurableFile.replace(snapshotPath, with: snapshot)
        let header = Array("{\"generation\":\(generation)}\n".utf8)
        try DurableFile.replace(journalPath, with: header)
        let newFD = try DurableFile.openForAppending(journalPath)
        if fd >= 0 { DurableFile.closeDescriptor(fd) }
        fd = newFD
        self.generation = generation
        size = header.count
        snapshotSize = snapshot.count
        hasUnsyncedBytes = false
    }

    mutating func writePending() {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        guard fd >= 0 else { return }
        do throws(JournalError) {
            try DurableFile.writeAll(fd, pending, path: path)
            size += pending.count
            hasUnsyncedBytes = true
        } catch {
            fail(error)
        }
    }

    /// Whether the caller must schedule a sync: there are unsynced bytes and none is scheduled.
    mutating func claimSyncSchedule() -> Bool {
        guard hasUnsyncedBytes, !isSyncScheduled, fd >= 0 else { return false }
        isSyncScheduled = true
        return true
    }

    /// Fsyncs what was written; `counted`: by the sync policy (`syncCount`), not as part of
    /// opening the file. A sync already scheduled finds nothing left to do.
    mutating func sync(counted: Bool = true) {
        if counted { isSyncScheduled = false }
        guard fd >= 0, hasUnsyncedBytes else { return }
        do throws(JournalError) {
            try DurableFile.sync(fd, path: path)
            if counted { syncCount += 1 }
            hasUnsyncedBytes = false
        } catch {
            fail(error)
        }
    }

    mutating func close() {
        guard fd >= 0 else { return }
        writePending()
        if hasUnsyncedBytes {
            if (try? DurableFile.sync(fd, path: path)) != nil { syncCount += 1 }
            hasUnsyncedBytes = false
        }
        DurableFile.closeDescriptor(fd)
        fd = -1
    }

    /// Remembers the first failure and stops journaling (the spin goes on).
    mutating func fail(_ error: JournalError) {
        if failure == nil { failure = error }
        if fd >= 0 { DurableFile.closeDescriptor(fd) }
        fd = -1
        pending = []
    }
}
