import Catalog
import AppCore

/// Where the library's files live: `$XDG_DATA_HOME/spindle` (by default
/// `~/.local/share/spindle`), with `library.sqlite` for scanned folders and `catalogs/` for
/// the databases of imported JSON Lines catalogs, one per catalog file.
///
///     let places = try LibraryLocations(environment: ["HOME": "/home/me"])
///     places.library            // /home/me/.local/share/spindle/library.sqlite
struct LibraryLocations: Sendable {
    let directory: String

    init(environment: [String: String]) throws(LibraryOpenError) {
        guard let directory = SpindleHome.data.directory(environment: environment) else {
            throw LibraryOpenError("neither XDG_DATA_HOME nor HOME is set: there is nowhere to keep the library")
        }
        self.directory = directory
    }

    var library: String { directory + "/library.sqlite" }

    /// The database of the catalog at `path` (absolute): its file name and a hash of its path,
    /// so that two catalogs of the same name in different folders do not share one.
    func catalogDatabase(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "catalog"
        let safe = String(name.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-"
                ? Character(scalar) : "_"
        }.prefix(60))
        return directory + "/catalogs/" + safe + "-" + Self.hash(path) + ".sqlite"
    }

    /// FNV-1a of the path's bytes, 16 hex digits.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Why the library could not be opened, in one line.
struct LibraryOpenError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
