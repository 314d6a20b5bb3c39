import Downloads
import FileDownload

/// Where a part's bytes are, as the source sees it: a URL FileDownloader fetches, or why not.
///
///     MediaAddress("http://nas:8700/v1/titles/t1/video")   // .fetchable
///     MediaAddress("/srv/films/a.mkv")                     // .onThisMachine
enum MediaAddress: Equatable {
    /// `http://`, `https://` or `file://`.
    case fetchable(String)
    /// A plain path: the file is already here (a scanned library's title).
    case onThisMachine
    /// Another scheme (`ftp://`, `rtsp://`…).
    case unsupported(String)

    init(_ address: String) {
        guard let schemeEnd = address.range(of: "://") else {
            self = .onThisMachine
            return
        }
        let scheme = address[..<schemeEnd.lowerBound].lowercased()
        self = ["http", "https", "file"].contains(scheme) ? .fetchable(address) : .unsupported(address)
    }

    /// The URL to fetch, or the `DownloadError` that says why there is none.
    func url() throws(DownloadError) -> String {
        switch self {
        case .fetchable(let url): return url
        case .onThisMachine: throw DownloadError("this title is already on this machine")
        case .unsupported(let address): throw DownloadError(FileDownloadError.unsupportedURL(address).description)
        }
    }

    /// The extension of the last component of `address`'s path (query and fragment left out),
    /// with its dot and in lower case, when it is short and plain (1 to 5 letters or digits);
    /// nil otherwise.
    ///
    ///     MediaAddress.pathExtension(of: "http://h/a/Clip.MKV?x=1")   // ".mkv"
    ///     MediaAddress.pathExtension(of: "http://h/v1/titles/t1/video")   // nil
    static func pathExtension(of address: String) -> String? {
        var path = Substring(address)
        if let schemeEnd = path.range(of: "://") {
            path = path[schemeEnd.upperBound...]
            guard let slash = path.firstIndex(of: "/") else { return nil }   // no path after the host
            path = path[slash...]
        }
        path = path.prefix { $0 != "?" && $0 != "#" }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        guard (1 ... 5).contains(suffix.count),
              suffix.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0)) })
        else { return nil }
        return "." + suffix.lowercased()
    }
}
