/// The HTTP API of `spindle serve`, shared by the server and the client (docs/server.md).
///
/// - `GET /v1/titles?limit=N&q=QUERY` → `WirePage` (JSON). `limit` defaults to 50 and may not
///   exceed `maximumLimit` (400 otherwise). The page's `next` (and its `Link` header) is the URL
///   of the next page: the same path with an opaque `after` cursor; clients follow it as given.
///   A list without a search (not shows, seasons or Home) also gives `last`, the URL of its last
///   page, and a page read from the end gives `previous`, the page before it: the same path with
///   an opaque `before` cursor (`rel="last"`, `rel="prev"`).
/// - `GET /v1/titles/{id}` → `WireTitle`; 404 for an id the library does not have. Ids are the
///   server's own (never a path), opaque to clients.
/// - `GET /v1/titles/{id}/next?q=QUERY` → the `WireTitle` after it in the list of QUERY (what up
///   next plays), or 404 at the end.
/// - `GET /v1/titles/{id}/video`, `…/subtitles` → the file's bytes, with `Range` (206 and
///   `Content-Range`), `ETag`, `Last-Modified` and the file's `Content-Type`.
/// - Every request needs `Authorization: Bearer TOKEN`, else 401 with
///   `WWW-Authenticate: Bearer`.
/// - Errors are JSON: `{"error": "words a user can read"}`.
package enum WireProtocol {
    package static let titlesPath = "/v1/titles"
    /// What the token's clients watched: GET lists, POST keeps (`WireWatchMarks`).
    package static let watchPath = "/v1/watch"
    /// The library's generation, told when it changes (`WireChanges`).
    package static let changesPath = "/v1/changes"
    package static let defaultLimit = 50
    package static let maximumLimit = 200
    /// The most bytes a page may hold; a client refuses a bigger answer.
    package static let maximumPageBytes = 4 << 20
}

/// An error answer's body.
package struct WireError: Equatable, Sendable, Codable {
    package var error: String

    package init(_ error: String) {
        self.error = error
    }
}
