/// Keys in a journal or a recording, as a reader would write them: a plain key is its name
/// (`"enter"`, `"pageDown"`), a key with a payload an object of one field
/// (`{"character":"q"}`, `{"alt":{"character":"b"}}`, `{"function":5}`). `InputEvent` writes a
/// key the same way, and a paste, a mouse report or a resize beside them.
///
///     try JSONEncoder().encode(Key.alt(.character("b")))   // {"alt":{"character":"b"}}
///
/// Hand-written because `Character` is not `Codable`; a string of more or less than one
/// character is a decoding error, never a crash.
extension Key: Codable {
    enum CodingKeys: String, CodingKey {
        case character, control, function, alt, unknown
    }

    enum UnknownKeys: String, CodingKey { case code, name }

    /// The keys without payload, by name.
    static let plainKeys: [(name: String, key: Key)] = [
        ("enter", .enter), ("escape", .escape), ("tab", .tab), ("backTab", .backTab),
        ("backspace", .backspace), ("delete", .delete), ("insert", .insert),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("shiftUp", .shiftUp), ("shiftDown", .shiftDown), ("shiftLeft", .shiftLeft), ("shiftRight", .shiftRight),
        ("home", .home), ("end", .end), ("pageUp", .pageUp), ("pageDown", .pageDown),
    ]

    /// Decodable: reads the form described above; anything else is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            guard let key = Self.plainKeys.first(where: { $0.name == name })?.key else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown key \"\(name)\""))
            }
            self = key
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let field = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a key has exactly one field"))
        }
        switch field {
        case .character: self = .character(try Self.character(in: container, forKey: field))
        case .control: self = .control(try Self.character(in: container, forKey: field))
        case .function: self = .function(try container.decode(Int.self, forKey: field))
        case .alt: self = .alt(try container.decode(Key.self, forKey: field))
        case .unknown:
            let unknown = try container.nestedContainer(keyedBy: UnknownKeys.self, forKey: field)
            self = .unknown(code: try unknown.decode(Int32.self, forKey: .code),
                            name: try unknown.decodeIfPresent(String.self, forKey: .name))
        }
    }

    /// Encodable: writes the form described above.
    public func encode(to encoder: any Encoder) throws {
        if let name = Self.plainKeys.first(where: { $0.key == self })?.name {
            var container = encoder.singleValueContainer()
            try container.encode(name)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .character(let character): try container.encode(String(character), forKey: .character)
        case .control(let letter): try container.encode(String(letter), forKey: .control)
        case .function(let number): try container.encode(number, forKey: .function)
        case .alt(let key): try container.encode(key, forKey: .alt)
        case .unknown(let code, let name):
            var unknown = container.nestedContainer(keyedBy: UnknownKeys.self, forKey: .unknown)
            try unknown.encode(code, forKey: .code)
            try unknown.encodeIfPresent(name, forKey: .name)
        default:
            break   // the plain keys, written above
        }
    }

    private static func character(in container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys) throws -> Character {
        let text = try container.decode(String.self, forKey: key)
        guard text.count == 1, let character = text.first else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                   debugDescription: "\"\(text)\" is not one character")
        }
        return character
    }
}
