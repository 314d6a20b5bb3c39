import TextFormat

/// How far an import of a catalog file has come, told as it goes (`LibraryImport`): a first
/// import of a million lines takes seconds, and its start says what it is doing meanwhile.
/// Told from the import's two threads, in order: `reading` after each chunk of the file, then,
/// for a big file (`BulkTitles`), `indexing` before each index made again and `searchIndex`,
/// then `saving` before the commit.
package enum ImportProgress: Sendable, Equatable {
    /// `bytes` of the file's `size` read, `lines` of them split.
    case reading(lines: Int, bytes: Int64, size: Int64)
    /// The title's indexes made again after the rows: the `index`th (from 1) of `count`.
    case indexing(index: Int, count: Int)
    /// The search index given the new rows: built now, or `alongside` the rows and the other
    /// indexes (`SearchIndexBuild`), then finished and copied.
    case searchIndex(alongside: Bool)
    /// The transaction committed and the WAL written into the file.
    case saving

    /// What a progress line says: "41% read (412,000 lines)", "building index 3 of 8"…
    package var text: String {
        switch self {
        case .reading(let lines, let bytes, let size):
            let percent = size > 0 ? min(100, Int(bytes * 100 / size)) : 100
            return "\(percent)% read (\(CountText.of(lines, "line", "lines")))"
        case .indexing(let index, let count): return "building index \(index) of \(count)"
        case .searchIndex(let alongside): return alongside ? "finishing the search index" : "building the search index"
        case .saving: return "saving"
        }
    }
}

/// Where an import tells its progress; called on the import's threads, so it must be cheap.
package typealias ImportProgressReport = @Sendable (ImportProgress) -> Void
