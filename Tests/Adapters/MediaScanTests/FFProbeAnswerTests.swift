import Catalog
@testable import MediaScan
import Testing

@Suite("Reading ffprobe's answer")
struct FFProbeAnswerTests {
    private func answer(_ json: String) throws -> FFProbeAnswer {
        try FFProbeAnswer(json: Array(json.utf8))
    }

    @Test func readsDurationTagsChaptersAndPictures() throws {
        let read = try answer("""
            {
                "streams": [
                    {"codec_type": "audio"},
                    {"codec_type": "video", "disposition": {"attached_pic": 0}}
                ],
                "chapters": [
                    {"start_time": "0.000000", "tags": {"title": "Intro"}},
                    {"start_time": "90.500000", "tags": {"TITLE": "  "}},
                    {"start_time": "N/A"}
                ],
                "format": {
                    "duration": "1312.500000",
                    "tags": {"TITLE": " Pilot ", "Show": "Show", "GENRE": "", "season_number": 2}
                }
            }
            """)

        #expect(read == FFProbeAnswer(
            duration: 1312.5,
            chapters: [Chapter(title: "Intro", start: 0), Chapter(title: "Chapter 2", start: 90.5)],
            tags: ["title": "Pilot", "show": "Show", "season_number": "2"],
            hasVideo: true))
    }

    @Test func coverArtIsNoPicture() throws {
        let read = try answer("""
            {"streams": [{"codec_type": "audio"}, {"codec_type": "video", "disposition": {"attached_pic": 1}}],
             "format": {"duration": "N/A"}}
            """)
        #expect(read == FFProbeAnswer())
    }

    @Test func repairsTextThatIsNotUTF8() throws {
        let bytes = Array(#"{"format": {"tags": {"title": "caf"#.utf8) + [0xE9] + Array(#""}}}"#.utf8)
        #expect(try FFProbeAnswer(json: bytes).tags["title"] == "caf\u{FFFD}")
    }

    @Test(arguments: ["", "{}", "[]", "{\"format\": []}", "{\"format\": {}} trailing", "\u{1}"])
    func refusesWhatIsNotAnAnswer(json: String) {
        #expect(throws: FFProbeAnswer.Unreadable.self) { try answer(json) }
    }

    @Test func mergesTagsOverTheName() {
        let path = "/no/such/folder/Show Name S01E02 Name Title.mkv"
        let facts = FFProbe.facts(
            FFProbeAnswer(duration: 5, tags: ["title": "Tag Title", "episode_id": "S04E07", "year": "1999"], hasVideo: true),
            path: path)
        #expect(facts == MediaFacts(
            title: "Tag Title", show: "Show Name", season: 1, episode: 7, year: 1999, duration: 5, hasVideo: true))
    }

    @Test(arguments: [(Duration.seconds(20), "20"), (.milliseconds(500), "0.5"), (.milliseconds(1250), "1.25")])
    func tellsATimeout(duration: Duration, text: String) {
        #expect(FFProbe.seconds(duration) == text)
    }
}
