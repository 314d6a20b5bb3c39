/// Which addresses a `FileDownloadSource` may fetch. What the user gave (a catalog file of
/// their own, media folders) may point anywhere: http, https and file URLs are theirs. What a
/// server gave may not: a hostile `spindle serve` would otherwise make the client fetch from
/// another host, or copy a file of this machine (`file:///…`) into the downloads folder.
///
///     FileDownloadSource(directory: dir, policy: .anyAddress)                               // --catalog, folders
///     FileDownloadSource(directory: dir, policy: DownloadPolicy(refusing: server.downloadRefusal))   // a server
package struct DownloadPolicy: Sendable {
    /// Why `address` (as the title has it) may not be fetched, in one line; nil when it may.
    package let refusal: @Sendable (_ address: String) -> String?

    /// - Parameter refusal: why an address may not be fetched ("not downloadable: …"), or nil.
    package init(refusing refusal: @escaping @Sendable (_ address: String) -> String?) {
        self.refusal = refusal
    }

    /// Every address the source can fetch (the user's own catalog or folders).
    package static let anyAddress = DownloadPolicy { _ in nil }
}
