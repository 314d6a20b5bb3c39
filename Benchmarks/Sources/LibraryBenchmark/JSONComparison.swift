import Catalog
import CatalogFile
import Foundation

/// A catalog line as JSONDecoder reads it: the fields of the format, each of its JSON type, and
/// none of the format's other rules (ranges, order of the marks, media): the decoder's best case.
struct DecodedLine: Decodable {
    var id: String
    var title: String
    var year: Int
    var genre: String
    var duration: Int?
    var intro_start: Int?
    var intro_end: Int?
    var credits_start: Int?
    var video: String?
    var subtitles: String?
}

/// Reads the same catalog lines with the catalog's own parser (`JSONLinesCatalog.title(fromLine:)`:
/// bytes to a checked `Title`) and with FoundationEssentials' `JSONDecoder` (bytes to
/// `DecodedLine`, then a `Title`), in alternating rounds, and prints lines per second for each.
func compareJSON(count: Int, folder: String, rounds: Int = 3) throws {
    let file = folder + "/json-compare-\(count).jsonl"
    if !FileManager.default.fileExists(atPath: file) {
        try JSONLinesCatalog.write(EmbeddedCatalog.titles(count: count), toFile: file)
    }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    var lines: [Range<Int>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
        if index > start { lines.append(start ..< index) }
        start = index + 1
    }
    let clock = ContinuousClock()
    func rate(_ duration: Duration) -> Int {
        Int(Double(lines.count) / (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18))
    }
    for round in 1 ... rounds {
        var own = 0
        let ownTime = try clock.measure {
            try bytes.withUnsafeBufferPointer { all in
                for line in lines {
                    let slice = UnsafeBufferPointer(rebasing: all[line])
                    if let title = try JSONLinesCatalog.title(fromLine: slice) { own &+= title.year }
                }
            }
        }
        let decoder = JSONDecoder()
        var decoded = 0
        let decoderTime = try clock.measure {
            for line in lines {
                let value = try decoder.decode(DecodedLine.self, from: Data(bytes[line]))
                let title = Title(id: value.id, title: value.title, year: value.year, genre: value.genre,
                                  duration: value.duration ?? 0, introStart: value.intro_start ?? 0,
                                  introEnd: value.intro_end ?? 0, creditsStart: value.credits_start ?? 0)
                decoded &+= title.year
            }
        }
        guard own == decoded else { throw CocoaError(.coderInvalidValue) }
        print("parse \(lines.count) lines, round \(round): catalog parser \(rate(ownTime)) lines/s, JSONDecoder \(rate(decoderTime)) lines/s")
    }
}
