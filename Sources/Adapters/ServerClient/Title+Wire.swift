import Catalog
import ServerWire

extension Title {
    /// A title as the server sent it, with what it left out filled as a catalog file's would
    /// be (docs/catalog-format.md): no year 0, no genre "", no duration 0, no intro 0–0, no
    /// credits at the end. The media's paths become absolute URLs on `server`. A row of Home
    /// shows the part it is in (`shelf`) where a genre would be, as the library's own Home does.
    init(wire: WireTitle, server: RemoteServer) {
        let duration = wire.duration ?? 0
        let knowsIntro = wire.introStart != nil && wire.introEnd != nil
        let introStart = knowsIntro ? wire.introStart ?? 0 : 0
        let introEnd = knowsIntro ? wire.introEnd ?? 0 : 0
        self.init(
            id: wire.id, title: wire.title, year: wire.year ?? 0, genre: wire.shelf ?? wire.genre ?? "",
            duration: duration, introStart: introStart, introEnd: introEnd,
            creditsStart: wire.creditsStart ?? duration,
            media: wire.video.map { path in
                let video = MediaLocation(path, on: server)
                let subtitles = wire.subtitles.map { MediaLocation($0, on: server) }
                return TitleMedia(
                    video: video.url, subtitles: subtitles?.url,
                    knowsDuration: wire.duration != nil, knowsIntro: knowsIntro,
                    knowsCredits: wire.creditsStart != nil,
                    problem: wire.problem ?? video.problem ?? subtitles?.problem
                )
            },
            group: wire.group?.group
        )
    }
}
