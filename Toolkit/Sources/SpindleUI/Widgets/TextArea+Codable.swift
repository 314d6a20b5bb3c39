/// A text area is saved as its text, cursor, scroll offset, page height, placeholder and length
/// limit. Its styles are presentation (a decoded one has the defaults), and its undo history
/// is not kept: a decoded text area starts a new one.
///
///     let saved = try JSONEncoder().encode(note)   // {"text":"a\nb","line":1,"index":1,…}
extension TextArea: Codable {
    enum CodingKeys: String, CodingKey { case text, line, index, scrollOffset, pageHeight, placeholder, maximumLength }

    /// Decodable: reads the form described above (the text cleaned as a paste is, the cursor
    /// clamped to it); anything else is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(placeholder: try container.decode(String.self, forKey: .placeholder),
                  maximumLength: try container.decodeIfPresent(Int.self, forKey: .maximumLength))
        setText(try container.decode(String.self, forKey: .text))
        let line = min(max(0, try container.decode(Int.self, forKey: .line)), lines.count - 1)
        let index = min(max(0, try container.decode(Int.self, forKey: .index)), lines[line].count)
        cursor = Location(line: line, index: index)
        scrollOffset = max(0, try container.decode(Int.self, forKey: .scrollOffset))
        pageHeight = max(1, try container.decode(Int.self, forKey: .pageHeight))
    }

    /// Encodable: writes the form described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(cursor.line, forKey: .line)
        try container.encode(cursor.index, forKey: .index)
        try container.encode(scrollOffset, forKey: .scrollOffset)
        try container.encode(pageHeight, forKey: .pageHeight)
        try container.encode(placeholder, forKey: .placeholder)
        try container.encodeIfPresent(maximumLength, forKey: .maximumLength)
    }
}
