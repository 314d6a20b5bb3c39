import Catalog
import SpindleCLI

/// The library's part of the command line, over the SQLite library.
public struct SQLiteLibraryFeature: LibraryFeature {
    public init() {}

    public func open(_ source: LibrarySource, environment: [String: String]) throws -> OpenedLibrary {
        throw LibraryOpenError("not yet")
    }

    public func scan(folders: [String], environment: [String: String]) async -> Int32 {
        1
    }

    public func generate(titles: Int, environment: [String: String]) throws {
        throw LibraryOpenError("not yet")
    }
}

struct LibraryOpenError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
