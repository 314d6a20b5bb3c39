import Catalog
import CatalogFile
import GRDB
import ProcessControl
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A title row as the import makes it, off the database's thread: every column but the source.
struct ImportedRow: Sendable {
    var id: String
    var line: Int
    var name: String
    var year: Int?
    var genre: String?
    var duration: Int?
    var introStart: Int?
    var introEnd: Int?
    var creditsStart: Int?
    var video: String?
    var subtitles: String?
    var sortKey: String
    var words: String

    /// Binds the values of `CatalogImporter`'s insert, in its order.
    func bind(to insert: RowInsert, source: String) {
        insert.bind(1, id)
        insert.bind(2, source)
        insert.bind(3, line)
        insert.bind(4, name)
        insert.bind(5, year)
        insert.bind(6, genre)
        insert.bind(7, duration)
        insert.bind(8, introStart)
        insert.bind(9, introEnd)
        insert.bind(10, creditsStart)
        insert.bind(11, video)
        insert.bind(12, subtitles)
        insert.bind(13, sortKey)
        insert.bind(14, words)
    }
}

/// Reads a catalog file in chunks on its own thread and hands its rows, in batches, to the
/// thread that inserts them (`ImportRows`); ends with the number of lines, or the first
/// problem (`FILE:LINE: …`).
struct ImportReader: Sendable {
    let path: String
    /// The catalog's number, for the rows' sort keys.
    let number: Int
    /// The file's size when the import began, for `ImportProgress.reading`.
    let size: Int64
    let rows: ImportRows<ImportedRow>
    let progress: ImportProgressReport?
    /// Rows per batch: enough that handing one over costs nothing beside making it.
    static let batchSize = 1_000

    func run() {
        var batch: [ImportedRow] = []
        batch.reserveCapacity(Self.batchSize)
        do {
            let lines = try readLines { line, lineNumber throws(any Error) in
                guard let decoded = try decode(line, lineNumber) else { return }
                batch.append(row(of: JSONLinesCatalog.resolvingMedia(of: decoded, relativeTo: path), line: lineNumber))
                if batch.count == Self.batchSize {
                    guard rows.put(.rows(batch)) else { throw CancellationError() }
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty, !rows.put(.rows(batch)) { return rows.end() }
            _ = rows.put(.finished(lines: lines))
        } catch is CancellationError {
            // The inserting side stopped: it does not take the rest.
        } catch {
            _ = rows.put(.failed(error))
        }
        rows.end()
    }

    private func row(of title: Title, line: Int) -> ImportedRow {
        let media = title.media
        return ImportedRow(
            id: title.id, line: line, name: title.title, year: title.year, genre: title.genre,
            duration: media?.knowsDuration == false ? nil : title.duration,
            introStart: media?.knowsIntro == false ? nil : title.introStart,
            introEnd: media?.knowsIntro == false ? nil : title.introEnd,
            creditsStart: media?.knowsCredits == false ? nil : title.creditsStart,
            video: media?.video, subtitles: media?.subtitles, sortKey: SortKey.catalog(number: number, line: line),
            words: TitleWords.of(name: title.title, show: nil, genre: title.genre, year: title.year, season: nil, episode: nil))
    }

    private func decode(_ line: UnsafeBufferPointer<UInt8>, _ lineNumber: Int) throws(CatalogFileError) -> Title? {
        do {
            return try JSONLinesCatalog.title(fromLine: line)
        } catch {
            throw CatalogFileError(file: path, line: lineNumber, problem: error)
        }
    }

    /// Reads the file in chunks, handing each line to `body`; returns the number of lines.
    private func readLines(_ body: (UnsafeBufferPointer<UInt8>, Int) throws(any Error) -> Void) throws -> Int {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LibraryImport.unreadable(path, errno) }
        defer { close(descriptor) }
        var splitter = CatalogLineSplitter()
        var buffer = [UInt8](repeating: 0, count: LibraryImport.chunkSize)
        var bytes: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LibraryImport.unreadable(path, errno)
            }
            if count == 0 { break }
            try buffer.withUnsafeBufferPointer { (chunk) throws(any Error) in
                try splitter.feed(UnsafeBufferPointer(rebasing: chunk[..<count]), tooLong: { line in
                    CatalogFileError(file: path, line: line, problem: .lineTooLong(limit: CatalogLineSplitter.maxLineBytes))
                }, body)
            }
            bytes += Int64(count)
            progress?(.reading(lines: splitter.lineNumber, bytes: bytes, size: size))
        }
        try splitter.finish(body)
        progress?(.reading(lines: splitter.lineNumber, bytes: bytes, size: size))
        return splitter.lineNumber
    }
}

/// The hand-over between the thread that makes rows (an import's reading thread, a
/// generation's) and the one that inserts them: at most `capacity` batches wait (the memory
/// stays flat whatever the number of rows), each side blocking its own thread (never a task's)
/// while the other catches up. `stopAndWait` ends the making early (a failed insert) and returns
/// once the making thread has let go of what it reads.
final class ImportRows<Row: Sendable>: Sendable {
    enum Item: Sendable {
        case rows([Row])
        case finished(lines: Int)
        case failed(any Error)
    }

    static var capacity: Int { 4 }

    private struct State {
        var items: [Item] = []
        var isStopped = false
        var isReaderDone = false
    }

    private let state = Mutex(State())
    /// Counted: items waiting (the taker waits on it) and free places (the reader waits on it).
    private let waiting = ThreadSemaphore(0)
    private let free = ThreadSemaphore(ImportRows.capacity)
    private let readerDone = ThreadSemaphore(0)

    /// Hands `item` over, waiting for a free place; false once the taker has stopped.
    func put(_ item: Item) -> Bool {
        free.wait()
        let taken = state.withLock { state in
            guard !state.isStopped else { return false }
            state.items.append(item)
            return true
        }
        if taken { waiting.signal() }
        return taken
    }

    /// The next item, waiting for it.
    func take() -> Item {
        waiting.wait()
        let item = state.withLock { $0.items.removeFirst() }
        free.signal()
        return item
    }

    /// The reader's last call, whatever happened.
    func end() {
        let isFirst = state.withLock { state in
            defer { state.isReaderDone = true }
            return !state.isReaderDone
        }
        if isFirst { readerDone.signal() }
    }

    /// Stops the reader (what it puts from now on is dropped) and waits for its end.
    func stopAndWait() {
        state.withLock { $0.isStopped = true }
        // A reader waiting for a free place gets one, and finds the taker gone.
        free.signal()
        readerDone.wait()
    }
}

/// A counting semaphore over a POSIX one: waits block the calling thread (the import's two
/// threads are its own and GRDB's writer's, never the task pool's).
final class ThreadSemaphore: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init(_ value: Int) {
        sem_init(semaphore, 0, UInt32(value))
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    func wait() {
        while sem_wait(semaphore) != 0, errno == EINTR {}
    }

    func signal() {
        sem_post(semaphore)
    }
}
