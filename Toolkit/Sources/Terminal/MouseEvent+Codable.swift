/// Mouse reports in a journal or a recording: `{"action":{"press":{"left":{}}},"position":{…},"modifiers":1}`
/// (`clickCount` only when it is not 1).
///
///     let data = try JSONEncoder().encode(MouseEvent(action: .wheelUp, position: Position(row: 2, column: 5)))
extension MouseEvent: Codable {
    enum CodingKeys: String, CodingKey { case action, position, modifiers, clickCount }

    /// Decodable: reads the form described above; anything else is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(action: try container.decode(Action.self, forKey: .action),
                  position: try container.decode(Position.self, forKey: .position),
                  modifiers: try container.decodeIfPresent(Modifiers.self, forKey: .modifiers) ?? [],
                  clickCount: try container.decodeIfPresent(Int.self, forKey: .clickCount) ?? 1)
    }

    /// Encodable: writes the form described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        try container.encode(position, forKey: .position)
        if !modifiers.isEmpty { try container.encode(modifiers, forKey: .modifiers) }
        if clickCount != 1 { try container.encode(clickCount, forKey: .clickCount) }
    }
}

/// `"wheelUp"`, `"wheelDown"`, `"moved"`, or `{"press":{"left":{}}}`, `{"release":…}`, `{"drag":…}`.
///
///     try JSONEncoder().encode(MouseEvent.Action.press(.left))   // {"press":{"left":{}}}
extension MouseEvent.Action: Codable {
    enum CodingKeys: String, CodingKey { case press, release, drag }

    /// Decodable: reads the form described above; anything else is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            switch name {
            case "wheelUp": self = .wheelUp
            case "wheelDown": self = .wheelDown
            case "moved": self = .moved
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "unknown mouse action \"\(name)\""))
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let button = try container.decodeIfPresent(MouseEvent.Button.self, forKey: .press) {
            self = .press(button)
        } else if let button = try container.decodeIfPresent(MouseEvent.Button.self, forKey: .release) {
            self = .release(button)
        } else if let button = try container.decodeIfPresent(MouseEvent.Button.self, forKey: .drag) {
            self = .drag(button)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "no press, release or drag"))
        }
    }

    /// Encodable: writes the form described above.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .wheelUp:
            var container = encoder.singleValueContainer()
            try container.encode("wheelUp")
        case .wheelDown:
            var container = encoder.singleValueContainer()
            try container.encode("wheelDown")
        case .moved:
            var container = encoder.singleValueContainer()
            try container.encode("moved")
        case .press(let button):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(button, forKey: .press)
        case .release(let button):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(button, forKey: .release)
        case .drag(let button):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(button, forKey: .drag)
        }
    }
}
