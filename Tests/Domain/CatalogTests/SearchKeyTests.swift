import Foundation
import Testing
import Catalog
import SearchText

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
}
