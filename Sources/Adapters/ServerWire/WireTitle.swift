import Catalog

/// A title as `spindle serve` sends it (`GET /v1/titles`), in the catalog file's field names
/// (docs/catalog-format.md). Times are whole seconds; `duration`, the intro and the credits are
/// absent when the server does not know them (a file not probed yet: the player learns them
/// from the media). `video` and `subtitles` are paths on the server ("/v1/titles/ID/video"),
/// which the client resolves against the server's address.
///
///     {"id":"t42","title":"Amélie","year":2001,"genre":"Comedy","duration":7320,
///      "intro_start":0,"intro_end":60,"credits_start":7000,"video":"/v1/titles/t42/video"}
package struct WireTitle: Equatable, Sendable, Codable {
    package var id: String
    package var title: String
    package var year: Int?
    package var genre: String?
    package var duration: Int?
    package var introStart: Int?
    package var introEnd: Int?
    package var creditsStart: Int?
    package var video: String?
    package var subtitles: String?
    /// Why the server could not read the media (ffprobe's words), when it could not.
    package var problem: String?
    /// Set on a row that stands for a show or a season (a scoped list's).
    package var group: WireGroup?
    /// On Home's rows: the part of Home the row is in ("◐ continue", "▶ next up", "new").
    package var shelf: String?

    enum CodingKeys: String, CodingKey {
        case id, title, year, genre, duration, video, subtitles, problem, group, shelf
        case introStart = "intro_start"
        case introEnd = "intro_end"
        case creditsStart = "credits_start"
    }

    package init(
        id: String, title: String, year: Int? = nil, genre: String? = nil, duration: Int? = nil,
        introStart: Int? = nil, introEnd: Int? = nil, creditsStart: Int? = nil,
        video: String? = nil, subtitles: String? = nil, problem: String? = nil, group: WireGroup? = nil
    ) {
        self.id = id
        self.title = title
        self.year = year
        self.genre = genre
        self.duration = duration
        self.introStart = introStart
        self.introEnd = introEnd
        self.creditsStart = creditsStart
        self.video = video
        self.subtitles = subtitles
        self.problem = problem
        self.group = group
    }
}

/// One page of `GET /v1/titles`: the titles, the URL of the next page (absolute; null at the
/// end; also sent as `Link: <URL>; rel="next"`), and how many titles the query matches. A list
/// that can be read from its end (a search too; not shows, a show's seasons or Home) also gives
/// the URL of its last page (`last`, `rel="last"`, on every page), and a page read from the end
/// the URL of the page before it (`previous`, `rel="prev"`; null once it reaches the start).
/// Servers from before these two leave them out: the client then pages forward only.
///
///     {"titles":[…],"next":"http://127.0.0.1:8700/v1/titles?limit=50&after=…",
///      "last":"http://127.0.0.1:8700/v1/titles?limit=50&before=…","total":1000000}
package struct WirePage: Equatable, Sendable, Codable {
    package var titles: [WireTitle]
    package var next: String?
    package var previous: String?
    package var last: String?
    /// How many titles the list holds; absent when the client asked for none (`count=no`) and
    /// the server had not counted them anyway.
    package var total: Int?

    package init(titles: [WireTitle], next: String?, previous: String? = nil, last: String? = nil, total: Int?) {
        self.titles = titles
        self.next = next
        self.previous = previous
        self.last = last
        self.total = total
    }
}

/// What the token's clients watched, by title id (`t42`), in `GET /v1/watch` and `POST /v1/watch`:
/// `{"marks":{"t42":{"position":600,"watched":false,"updated":1764201600000}}}`. `updated` is
/// when the mark was set (milliseconds since 1970): the server keeps the newest of a title's
/// marks, and a mark without it is set when it arrives. A GET lists un-marks too (neither
/// watched nor a position), so that a client drops a mark taken back elsewhere. A POST may also
/// mark a show's or a season's episodes at once (`groups`), and answers with how many it kept.
package struct WireWatchMarks: Equatable, Sendable, Codable {
    package var marks: [String: WireWatchMark]
    package var groups: [WireGroupMark]?

    package init(marks: [String: WireWatchMark], groups: [WireGroupMark]? = nil) {
        self.marks = marks
        self.groups = groups
    }

    /// The most marks one POST may carry (a client saves what changed, a few at a time).
    package static let maximumCount = 10_000
    /// The largest POST body the server reads.
    package static let maximumBytes = 1 << 20
}

/// The answer to `POST /v1/watch`: how many marks were kept (ids of titles the library does not
/// have are left out).
package struct WireWatchSaved: Equatable, Sendable, Codable {
    package var saved: Int

    package init(saved: Int) {
        self.saved = saved
    }
}

/// The answer to `GET /v1/changes`: the library's generation, which goes up at every change.
package struct WireChanges: Equatable, Sendable, Codable {
    package var generation: Int

    package init(generation: Int) {
        self.generation = generation
    }
}

/// One title's mark in `WireWatchMarks`.
package struct WireWatchMark: Equatable, Sendable, Codable {
    package var position: Int
    package var watched: Bool
    /// When it was set, in milliseconds since 1970; nil: when the server receives it.
    package var updated: Int64?

    package init(position: Int, watched: Bool, updated: Int64? = nil) {
        self.position = position
        self.watched = watched
        self.updated = updated
    }
}

/// Every episode of a show (no `season`) or of one of its seasons marked watched, or not
/// watched any more, in `WireWatchMarks.groups`: `{"show":"Night Harbor","season":1,"watched":true}`.
package struct WireGroupMark: Equatable, Sendable, Codable {
    package var show: String
    package var season: Int?
    package var watched: Bool
    package var updated: Int64?

    package init(show: String, season: Int?, watched: Bool, updated: Int64? = nil) {
        self.show = show
        self.season = season
        self.watched = watched
        self.updated = updated
    }
}
