#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Catalog
import JSON

/// A catalog read from a JSON Lines file: one title per line as a JSON object, blank lines
/// allowed. The whole file is checked when it is loaded, before anything is shown, and the first
/// bad line is reported as `FILE:LINE: what is wrong` (see `docs/catalog-format.md`). Each line is
/// parsed by `JSONParser` (strict JSON); `TitleRecord` then checks the fields.
///
///     let catalog = try JSONLinesCatalog(contentsOfFile: "catalog.jsonl")
///     let provider = EmbeddedProvider(titles: catalog.titles, latency: .zero, clock: ContinuousClock())
package struct JSONLinesCatalog: Sendable {
    /// The path as given, used in error messages.
    package let file: String
    package let titles: [Title]

    package init(contentsOfFile path: String) throws(CatalogFileError) {
        try CatalogFileError.checkRegularFile(path)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogFileError(file: path, line: nil, problem: .unreadable(reason: Self.reason(error, path)))
        }
        try self.init(data: data, file: path)
    }

    /// Parses the contents of a catalog file; `file` names it in errors.
    package init(data: Data, file: String) throws(CatalogFileError) {
        self.file = file
        let parsed = data.withUnsafeBytes { raw in
            Result { () throws(CatalogFileError) in try Self.parse(raw.bindMemory(to: UInt8.self), file: file) }
        }
        titles = try parsed.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(CatalogFileError) -> [Title] {
        var titles: [Title] = []
        var firstLineOfID: [String: Int] = [:]
        var splitter = CatalogLineSplitter()
        func take(_ line: UnsafeBufferPointer<UInt8>, _ lineNumber: Int) throws(CatalogFileError) {
            func failure(_ problem: CatalogFileError.Problem) -> CatalogFileError {
                CatalogFileError(file: file, line: lineNumber, problem: problem)
            }
            let title: Title
            do {
                guard let decoded = try Self.title(fromLine: line) else { return }
                title = decoded
            } catch {
                throw failure(error)
            }
            if let first = firstLineOfID.updateValue(lineNumber, forKey: title.id) {
                throw failure(.duplicateID(title.id, firstLine: first))
            }
            titles.append(resolvingMedia(of: title, relativeTo: file))
        }
        try splitter.feed(bytes, tooLong: { CatalogFileError(file: file, line: $0, problem: .lineTooLong(limit: CatalogLineSplitter.maxLineBytes)) }, take)
        try splitter.finish(take)
        guard !titles.isEmpty else { throw CatalogFileError(file: file, line: nil, problem: .noTitles) }
        return titles
    }

    /// The title on one line of a catalog file (without its line end), or nil for a blank line
    /// (empty, or only spaces and tabs). Media paths are left as written (see
    /// `resolvingMedia(of:relativeTo:)`); ids are not checked for duplicates.
    package static func title(fromLine line: UnsafeBufferPointer<UInt8>) throws(CatalogFileError.Problem) -> Title? {
        if line.allSatisfy(isBlank) { return nil }
        // Checked in place: no string made and dropped (a catalog line in 60 ns, not 150).
        guard (try? UTF8Span(validating: line.span)) != nil else { throw .notUTF8 }
        guard let fields = try JSONValue.parseFields(line) else { throw .notAnObject(found: try JSONValue.parse(line).quoted) }
        return try TitleRecord.title(from: fields)
    }

    /// Relative paths of `video` and `subtitles` are relative to the catalog file.
    package static func resolvingMedia(of title: Title, relativeTo file: String) -> Title {
        guard var media = title.media else { return title }
        let directory = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
        func resolve(_ location: String) -> String {
            if location.hasPrefix("/") || location.contains("://") { return location }
            return directory + "/" + location
        }
        media.video = resolve(media.video)
        media.subtitles = media.subtitles.map(resolve)
        var resolved = title
        resolved.media = media
        return resolved
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func reason(_ error: any Error, _ path: String) -> String {
        var isDirectory = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return String(describing: error)
    }
}
