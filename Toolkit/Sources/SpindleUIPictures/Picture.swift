/// A picture as pixels: red, green, blue and alpha, a byte each, row by row from the top left.
///
/// Made once (its identity is a hash of the pixels, taken at creation) and shared freely. The
/// sizes are checked before anything is read: a picture that is empty, larger than
/// `maximumPixels`, or whose buffer does not hold exactly `width` × `height` × 4 bytes is
/// refused with a `PictureError`, never drawn.
///
///     let red = try Picture(width: 2, height: 1, rgba: [255, 0, 0, 255, 255, 0, 0, 255])
public struct Picture: Hashable, Sendable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// `width` × `height` × 4 bytes: RGBA, unassociated alpha.
    public let rgba: [UInt8]
    /// Equal for equal pixels (a hash of them, taken once).
    public let identity: Int

    /// The most pixels a picture may have: 16 Mi (a 4096 × 4096 picture, 64 MiB of RGBA).
    public static let maximumPixels = 16 * 1024 * 1024

    /// A picture of `width` × `height` pixels from `rgba`, checked (see `PictureError`).
    ///
    ///     let picture = try Picture(width: 320, height: 480, rgba: decoded)
    public init(width: Int, height: Int, rgba: [UInt8]) throws(PictureError) {
        guard width > 0, height > 0 else { throw .empty(width: width, height: height) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Self.maximumPixels else { throw .tooLarge(width: width, height: height) }
        guard rgba.count == pixels * 4 else { throw .wrongBufferSize(expected: pixels * 4, actual: rgba.count) }
        self.width = width
        self.height = height
        self.rgba = rgba
        var hasher = Hasher()
        hasher.combine(width)
        hasher.combine(height)
        rgba.withUnsafeBytes { hasher.combine(bytes: $0) }
        self.identity = hasher.finalize()
    }

    public static func == (lhs: Picture, rhs: Picture) -> Bool {
        lhs.identity == rhs.identity && lhs.width == rhs.width && lhs.height == rhs.height && lhs.rgba == rhs.rgba
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
    }
}

/// Why a picture was refused.
///
///     do { _ = try Picture(width: 0, height: 0, rgba: []) } catch { print(error) }   // "a picture of 0x0 pixels is empty"
public enum PictureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No pixels: a side is zero or negative.
    case empty(width: Int, height: Int)
    /// More pixels than `Picture.maximumPixels`.
    case tooLarge(width: Int, height: Int)
    /// The buffer does not hold the pixels the size declares.
    case wrongBufferSize(expected: Int, actual: Int)
    /// More pixels than the caller allowed (`Picture(png:maximumPixels:)`'s limit, smaller than
    /// `Picture.maximumPixels`); known from the file's header, before any pixel was read.
    case exceedsLimit(width: Int, height: Int, maximumPixels: Int)
    /// The bytes are not a picture: empty, not a PNG file, cut short or damaged. The reason is
    /// libpng's own words where it gave some ("Not a PNG file", "IDAT: CRC error").
    case notAPicture(String)
    /// libpng could not write the picture as PNG: a side longer than it allows, or no memory.
    case notEncodable(String)

    public var description: String {
        switch self {
        case .empty(let width, let height):
            return "a picture of \(width)x\(height) pixels is empty"
        case .tooLarge(let width, let height):
            return "a picture of \(width)x\(height) pixels is larger than the \(Picture.maximumPixels) pixels allowed"
        case .wrongBufferSize(let expected, let actual):
            return "a picture's buffer holds \(actual) bytes where its size needs \(expected)"
        case .exceedsLimit(let width, let height, let maximumPixels):
            return "a picture of \(width)x\(height) pixels is larger than the \(maximumPixels) pixels allowed here"
        case .notAPicture(let reason):
            return "not a picture: \(reason)"
        case .notEncodable(let reason):
            return "the picture cannot be written as PNG: \(reason)"
        }
    }
}
