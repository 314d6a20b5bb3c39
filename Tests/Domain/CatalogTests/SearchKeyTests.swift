import Foundation
import Testing
import Catalog
@testable import SearchText

@Suite("Search folding")
struct SearchKeyTests {
    func matches(_ text: String, _ query: String) -> Bool {
        SearchKey(text).contains(SearchKey(query))
    }

    @Test("ignores case")
    func caseInsensitive() {
        #expect(matches("The Paper Engine", "paper"))
        #expect(matches("the paper engine", "PAPER ENG"))
    }

    @Test("ignores diacritics either way round, composed or not")
    func diacriticInsensitive() {
        #expect(matches("Amélie à Montréal", "amelie a montreal"))
        #expect(matches("Amelie", "Amélie"))
        #expect(matches("Cafe\u{301} Society", "café"))
        #expect(matches("Café", "Cafe\u{301}"))
        #expect(matches("Über den Wolken", "uber"))
        #expect(matches("Niño del Mañana", "NINO DEL MANANA"))
    }

    @Test("folds without Foundation as Foundation's folding did")
    func examples() {
        #expect(matches("Amélie", "amelie"))
        #expect(matches("Ame\u{301}lie", "amelie"))
        #expect(matches("ecole", "ÉCOLE"))
        #expect(matches("tokyo", "Ｔｏｋｙｏ"))
        #expect(matches("Ｔｏｋｙｏ Ｄｒｉｆｔ", "TOKYO"))
        #expect(matches("Straße", "STRASSE"))
        #expect(matches("Łódź", "łodz"))  // Ł has no decomposition; Foundation keeps it too
        #expect(matches("Ἀθῆναι", "αθηναι"))
        #expect(matches("Ёлка", "елка"))
        #expect(matches("東京物語", "東京"))
        #expect(!matches("東京", "東亰"))
        #expect(SearchKey("ＡＢＣ１２３！").bytes == Array("abc123!".utf8))
        #expect(SearchKey("ボーイ 노래").bytes == Array("ボーイ 노래".utf8))  // only Latin, Greek and Cyrillic lose marks
    }

    @Test("the 5,000 embedded titles and their genres fold as Foundation folds them")
    func agreesWithFoundation() {
        let texts = EmbeddedCatalog.titles.flatMap { [$0.title, $0.genre] }
        #expect(texts.count >= 10_000)
        for text in texts {
            let foundation = text.folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            #expect(SearchKey(text).bytes == Array(foundation.utf8), "\(text)")
        }
    }

    @Test("letters of the folding table fold as Foundation folds them")
    func tableAgreesWithFoundation() {
        let samples = "ÀÉÎÕÜÇÑÝàéîõüçñýÿĀăĆčĎđĘěĞġĤħĨįİĴķĹľŁńŇŌőŔřŚšŢťŨůŰųŴŷŹžǍǎǕǘǺǻȘțḀḁẞẠẹỆỳΆΈΉΊΌΎΏάέήίόύώϊϋΐΰЁЇЙйёїЎў"
        for character in samples {
            let text = String(character)
            let foundation = text.folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            #expect(SearchKey(text).bytes == Array(foundation.utf8), "\(text)")
        }
    }

    @Test("finds CJK and emoji by substring")
    func wideText() {
        #expect(matches("千と千尋の旅路", "千尋"))
        #expect(matches("👩‍🚀 Commander Ada", "🚀"))
        #expect(matches("ＦＵＬＬＷＩＤＴＨ Ｗａｖｅ", "fullwidth"))
    }

    @Test("the empty query matches everything; a longer one nothing shorter")
    func edges() {
        #expect(matches("", ""))
        #expect(matches("Anything", ""))
        #expect(!matches("Ada", "Adam"))
        #expect(!matches("Engine", "engineer"))
    }

    @Test("matches the genre too, but not across title and genre")
    func genre() {
        let index = SearchIndex([
            Title(id: "1", title: "Quiet River", year: 2000, genre: "Documentary",
                  duration: 3600, introStart: 0, introEnd: 30, creditsStart: 3500),
        ])
        #expect(index.matches(at: 0, SearchKey("documentary")))
        #expect(index.matches(at: 0, SearchKey("river")))
        #expect(!index.matches(at: 0, SearchKey("riverdoc")))
    }

    @Test("words: folded, split at anything that is not a letter, a number or a mark")
    func words() {
        #expect(SearchKey.words("Amélie — à Montréal") == ["amelie", "a", "montreal"])
        #expect(SearchKey.words("AND NEAR (the) end") == ["and", "near", "the", "end"])
        #expect(SearchKey.words("Straße l'amour rock'n'roll") == ["strasse", "l", "amour", "rock", "n", "roll"])
        #expect(SearchKey.words("ＡＭＥ e\u{301}clair") == ["ame", "eclair"])
        #expect(SearchKey.words("東京物語 😀 ボーイ") == ["東京物語", "ボーイ"])
        #expect(SearchKey.words("\u{301} (-) \"*\" \u{0}").isEmpty)
        #expect(SearchKey.words("").isEmpty)
    }

    /// The folding scalar by scalar, as the definition says it (slow: a string per scalar).
    static func modelFold(_ text: String) -> [UInt8] {
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let entry = SearchKey.foldingTable[scalar.value] {
                folded.append(contentsOf: entry.unicodeScalars)
            } else if (0xFF01 ... 0xFF5E).contains(scalar.value), let narrow = Unicode.Scalar(scalar.value - 0xFEE0) {
                folded.append(contentsOf: narrow.properties.lowercaseMapping.unicodeScalars)
            } else if scalar.properties.generalCategory != .nonspacingMark {
                folded.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars.filter {
                    $0.properties.generalCategory != .nonspacingMark
                })
            }
        }
        return Array(String(folded).utf8)
    }

    @Test("random text of every kind folds as the scalar-by-scalar model folds it, and splits into the same words")
    func randomAgainstTheModel() {
        let pieces = ["A", "z", "Q", "0", "9", " ", "-", "'", "é", "É", "e\u{301}", "ß", "Ω", "Ж", "ё", "ǅ", "İ", "ﬁ", "Ａ",
                      "ｚ", "５", "東", "ボ", "한", "😀", "\u{0}", "\u{7F}", "\u{9B}", "\u{301}", "\u{E000}", "ŉ", "ΐ", "Å"]
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0 ..< 5_000 {
            let text = (0 ..< next(12)).map { _ in pieces[next(pieces.count)] }.joined()
            #expect(SearchKey(text).bytes == Self.modelFold(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            let model = String(decoding: Self.modelFold(text), as: UTF8.self).unicodeScalars
                .split { !SearchKey.isWordScalar($0) }.map { String(String.UnicodeScalarView($0)) }
            #expect(SearchKey.words(text) == model, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
