/// A terminal color. `.default` is the terminal's own foreground or background.
public enum Color: Hashable, Sendable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    /// One of the 256 indexed colors, for terminals that have them (else the nearest basic one).
    case indexed(UInt8)
}

/// Text attributes that work with or without color.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
}

/// How a run of text looks.
///
///     canvas.put("Spindle", row: 0, column: 0, style: Style(.bold, foreground: .cyan))
public struct Style: Hashable, Sendable {
    public var attributes: Attributes
    public var foreground: Color
    public var background: Color

    public init(_ attributes: Attributes = [], foreground: Color = .default, background: Color = .default) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    public static let plain = Style()
    public static let bold = Style(.bold)
    public static let dim = Style(.dim)
    public static let reverse = Style(.reverse)
    public static let underline = Style(.underline)
}
