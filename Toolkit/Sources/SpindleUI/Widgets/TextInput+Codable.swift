/// A text input is saved as its text, cursor, scroll offset, prompt, placeholder and length limit: what a
/// session must give back. Its styles are presentation, the app's to choose: a decoded input
/// has the default ones.
///
///     let saved = try JSONEncoder().encode(input)   // {"text":"dune","cursor":4,…}
extension TextInput: Codable {
    enum CodingKeys: String, CodingKey { case text, cursor, scrollOffset, prompt, placeholder, maximumLength }

    /// Decodable: reads the form described above; anything else is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(prompt: try container.decode(String.self, forKey: .prompt),
                  placeholder: try container.decode(String.self, forKey: .placeholder),
                  maximumLength: try container.decodeIfPresent(Int.self, forKey: .maximumLength))
        text = try container.decode(String.self, forKey: .text)
        cursor = min(max(0, try container.decode(Int.self, forKey: .cursor)), text.count)
        scrollOffset = max(0, try container.decode(Int.self, forKey: .scrollOffset))
    }

    /// Encodable: writes the form described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(cursor, forKey: .cursor)
        try container.encode(scrollOffset, forKey: .scrollOffset)
        try container.encode(prompt, forKey: .prompt)
        try container.encode(placeholder, forKey: .placeholder)
        try container.encodeIfPresent(maximumLength, forKey: .maximumLength)
    }
}
