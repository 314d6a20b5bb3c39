extension RemoteServer {
    /// Why the client will not download `address`, a title's media as this server gave it, or
    /// nil when it is on this server (same scheme, host and port). A server steers no download
    /// to another host, nor to a file of this machine (`file://`); the reason is what the user
    /// reads where the download's error shows.
    ///
    ///     server.downloadRefusal(for: server.url("/v1/titles/t1/video"))   // nil
    ///     server.downloadRefusal(for: "file:///etc/hostname")
    ///     // "not downloadable: the server points to a file of this machine (file:///etc/hostname)"
    package func downloadRefusal(for address: String) -> String? {
        guard !isOrigin(of: address) else { return nil }
        if address.lowercased().hasPrefix("file:") {
            return "not downloadable: the server points to a file of this machine (\(Self.origin(of: address)))"
        }
        return "not downloadable: its media is not on the server (\(Self.origin(of: address)))"
    }
}
