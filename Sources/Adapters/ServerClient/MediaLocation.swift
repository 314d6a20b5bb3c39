/// Where a title's video or subtitles are, from what the server sent: a path on the server
/// ("/v1/titles/t42/video") becomes an absolute URL on it; an absolute URL on the server stays.
/// Anything else (another server, a bare name) is kept as given with a `problem`, since the
/// player sends the token only to the server (`RemoteServer.isOrigin(of:)`).
struct MediaLocation {
    var url: String
    var problem: String?

    init(_ location: String, on server: RemoteServer) {
        if location.hasPrefix("/"), !location.hasPrefix("//") {
            url = server.url(location)
        } else if server.isOrigin(of: location) {
            url = location
        } else {
            url = location
            problem = "the server gave media that is not on it (\(RemoteServer.origin(of: location)))"
        }
    }
}
