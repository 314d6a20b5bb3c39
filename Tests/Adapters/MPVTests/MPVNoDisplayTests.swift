import Catalog
@testable import MPV
import Player
import SpinTesting
import TestSupport
import Testing

/// `--video auto` without a display plays a video as sound only, and says so once.
@Suite("MPVEngine with no display, in a real mpv", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct MPVNoDisplayTests {
    static func options(_ video: MPVOptions.Video, hasDisplay: Bool) -> MPVOptions {
        MPVOptions(video: video, extraArguments: ["--vo=null", "--ao=null"], replyTimeout: .seconds(15), hasDisplay: hasDisplay)
    }

    @Test("auto with no display says “no display: sound only” for the first video, and not again")
    func saidOnce() async throws {
        #expect(Self.options(.auto, hasDisplay: false).arguments(mediaTitle: "T").contains("--vid=no"))
        let engine = MPVEngine(options: Self.options(.auto, hasDisplay: false))
        let title = Title.clip(try TestMedia.clip())
        var first = OpenedTitle(title, engine: engine)
        #expect(try await first.loaded().notice == MPVOptions.soundOnlyNotice)
        await first.close()
        var second = OpenedTitle(title, engine: engine)
        #expect(try await second.loaded().notice == nil)
        await second.close()
    }

    @Test("sound only by choice (none), or with a display, says nothing", arguments: [
        (MPVOptions.Video.none, false), (.auto, true),
    ])
    func saysNothing(video: MPVOptions.Video, hasDisplay: Bool) async throws {
        let engine = MPVEngine(options: Self.options(video, hasDisplay: hasDisplay))
        var opened = OpenedTitle(Title.clip(try TestMedia.clip()), engine: engine)
        #expect(try await opened.loaded().notice == nil)
        await opened.close()
    }
}
