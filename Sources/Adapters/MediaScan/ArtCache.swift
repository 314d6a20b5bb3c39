#if canImport(Glibc)
import Glibc
#endif

/// Made pictures kept on disk (`$XDG_CACHE_HOME/spindle/art`), so that a poster is made once:
/// one file per source and size, named by a hash of what it was made from (the kind of source,
/// its path, its size and modification time, the picture's size). A source that changes gets a
/// new name, and its old picture is never read again.
///
///     let cache = ArtCache(folder: "\(cacheHome)/spindle/art")
///     if let pixels = cache.pixels(for: source, width: 160, height: 240) { … }
///     try cache.store(pixels, for: source)
///
/// The folder is private (0700) and each file too (0600), written whole (a temporary file,
/// then a rename). A file is read only when it is a regular file of exactly the picture's bytes:
/// a damaged or foreign one is a miss, never a crash.
package struct ArtCache: Sendable {
    package var folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// The cached picture of `source` at this size, or nil.
    package func pixels(for source: ArtSource, width: Int, height: Int) -> ArtPixels? {
        guard let path = path(for: source, width: width, height: height) else { return nil }
        let expected = width * height * 4
        guard let bytes = CacheFile.contents(of: path, maximumBytes: expected), bytes.count == expected else { return nil }
        return ArtPixels(width: width, height: height, rgba: bytes)
    }

    /// Whether a picture of `source` at this size is kept (a file of exactly its bytes): a
    /// `stat`, not a read.
    package func has(_ source: ArtSource, width: Int, height: Int) -> Bool {
        guard let path = path(for: source, width: width, height: height) else { return false }
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) == width * height * 4
    }

    /// Keeps `pixels`, made from `source`.
    package func store(_ pixels: ArtPixels, for source: ArtSource) throws {
        guard let path = path(for: source, width: pixels.width, height: pixels.height) else {
            throw ArtError("\(ArtMaker.name(source.path)): gone before its picture was kept")
        }
        try CacheFile.keep(pixels.rgba, at: path, folder: folder)
    }

    /// The cache file of `source` at this size: nil when the source cannot be read (gone).
    func path(for source: ArtSource, width: Int, height: Int) -> String? {
        var info = stat()
        guard stat(source.path, &info) == 0 else { return nil }
        let kind = switch source {
        case .image: "image"
        case .embedded: "embedded"
        case .frame(_, let seconds): "frame@\(Int(seconds * 1000))"
        }
        let key = "\(kind)\u{0}\(source.path)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\u{0}\(width)x\(height)"
        return folder + "/" + Self.hash(key) + "-\(width)x\(height).rgba"
    }

    /// FNV-1a, 64 bits, in hex: a name, not a secret.
    package static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The files of the caches of made pictures (`ArtCache`, `PreviewSheetCache`): read only when
/// a regular file (never through a link) of at most a known size, written whole (a temporary
/// file, then a rename) into a folder private to this user, each file private too.
///
///     try CacheFile.keep(bytes, at: folder + "/name.png", folder: folder)
///     let again = CacheFile.contents(of: folder + "/name.png", maximumBytes: 1 << 20)
package enum CacheFile {
    /// The bytes of the regular file at `path`, or nil: missing, not a regular file, a link,
    /// empty, more than `maximumBytes`, or unreadable.
    package static func contents(of path: String, maximumBytes: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, info.st_size <= maximumBytes else {
            return nil
        }
        let expected = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: expected)
        var done = 0
        while done < expected {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, expected - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return bytes
    }

    /// Writes `bytes` at `path` whole (mode 0600), making `folder` and its missing parents (0700).
    package static func keep(_ bytes: [UInt8], at path: String, folder: String) throws {
        try makeFolder(folder)
        let temporary = path + ".\(getpid()).part"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw ArtError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var written = 0
        let total = bytes.count
        while written < total {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, total - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw ArtError("cannot write \(temporary): \(reason)")
            }
            written += count
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ArtError("cannot keep \(path): \(reason)")
        }
    }

    /// The folder and its missing parents, private to this user.
    static func makeFolder(_ folder: String) throws {
        var current = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0, errno != EEXIST {
                throw ArtError("cannot make \(current): \(String(cString: strerror(errno)))")
            }
        }
    }
}
