import NIOCore

/// A page of titles as the server sends it (`GET /v1/titles`): its JSON and its Link header,
/// kept while the library holds (`VersionedCache`), so a page many clients walk is read and
/// encoded once.
struct KeptPage: Sendable {
    /// How many bytes of pages are kept: a page of 50 is about 8 KB, so about 1,000 pages.
    static let budget = 8 << 20

    var body: ByteBuffer
    var link: String?
}
