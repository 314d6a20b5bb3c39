extension EmbeddedCatalog {
    /// Titles that test whoever handles them: accents (composed and decomposed), CJK and other
    /// wide text, emoji sequences, and hostile text with control characters and escape sequences.
    ///
    /// They are data and must stay exactly as written; a terminal must show them inert (the
    /// terminal layer neutralizes control characters when it draws).
    package static let unusual: [String] = [
        "Amélie à Montréal",
        "Screen Wipe \u{1B}[2J",
        "東京物語",
        "🚀 Rocket Summer",
        "\u{1B}]0;pwned\u{7}Window Title",
        "Über den Wolken",
        "👩‍🚀 Commander Ada",
        "Red \u{1B}[31mAlert\u{1B}[0m",
        "Niño del Mañana",
        "千と千尋の旅路",
        "Delete\u{7F}\u{7F}\u{7F} Me",
        "Cafe\u{301} Society",
        "🎬 Lights, Camera",
        "C1 \u{9B}2J Control",
        "Smörgåsbord Blues",
        "星降る夜に",
        "Bell \u{7}\u{7}\u{7} Ringer",
        "Family Trip 👨‍👩‍👧‍👦",
        "Carriage\rReturn",
        "Crème Brûlée",
        "Line\nBreak",
        "Flags 🇯🇵🇫🇷🇧🇷",
        "Tab\tStop",
        "Back\u{8}\u{8}\u{8}space",
        "Null \u{0} Pointer",
        "\u{202E}Reversed Text",
        "Zalgo Z̷a̸l̵g̶o̴",
        "ＦＵＬＬＷＩＤＴＨ Ｗａｖｅ",
        "A Very Long Title That Goes On and On Well Past the Width of Any Reasonable Terminal Column",
        "Ça Ira",
    ]
}
