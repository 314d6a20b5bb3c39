/// Input in a journal or a recording: a key exactly as `Key` writes it (`"enter"`,
/// `{"character":"q"}`), and the rest as an object of one field: `{"paste":"text"}`,
/// `{"mouse":{…}}`, `{"resize":{"rows":24,"columns":80}}`.
///
///     try JSONEncoder().encode(InputEvent.key(.enter))      // "enter", as Key.enter
///     try JSONEncoder().encode(InputEvent.paste("hello"))   // {"paste":"hello"}
///
/// These are the forms a key with a paste, a mouse report or a resize in it was written in when
/// `Key` held those too, so files written then read back as the same input.
extension InputEvent: Codable {
    enum CodingKeys: String, CodingKey { case paste, mouse, resize }

    /// Any field of an object, to count them.
    struct Field: CodingKey {
        var stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Decodable: reads the form described above; anything else is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Field.self) {
            guard object.allKeys.count == 1 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an input has exactly one field"))
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch container.allKeys.first {
            case .paste: self = .paste(try container.decode(String.self, forKey: .paste))
            case .mouse: self = .mouse(try container.decode(MouseEvent.self, forKey: .mouse))
            case .resize: self = .resize(try container.decode(Size.self, forKey: .resize))
            case nil: self = .key(try Key(from: decoder))
            }
            return
        }
        self = .key(try Key(from: decoder))
    }

    /// Encodable: writes the form described above.
    public func encode(to encoder: any Encoder) throws {
        if case .key(let key) = self { return try key.encode(to: encoder) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .key: break   // written above
        case .paste(let text): try container.encode(text, forKey: .paste)
        case .mouse(let event): try container.encode(event, forKey: .mouse)
        case .resize(let size): try container.encode(size, forKey: .resize)
        }
    }
}
