/// The xterm palette's colors as red, green and blue, and the nearest of them to a color: a
/// "#rrggbb" becomes one of the 256 indexed colors, and an indexed color a terminal does not
/// have becomes the nearest it does (16 or 8), rather than an unrelated one.
///
///     Color.nearest(red: 0x5f, green: 0xaf, blue: 0xff)   // .indexed(75)
///     Color.fallbackIndex(75, colors: 8)                   // 6: cyan
extension Color {
    /// The indexed color (16 … 255; the first 16 differ from terminal to terminal) nearest to
    /// this red, green and blue.
    public static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> Color {
        .indexed(UInt8(nearestIndex(to: (Int(red), Int(green), Int(blue)), in: 16..<256)))
    }

    /// The color number a terminal with `colors` colors draws for indexed color `index`: the
    /// index itself when it has it, else the nearest of the colors it has.
    static func fallbackIndex(_ index: UInt8, colors: Int) -> Int {
        if Int(index) < colors { return Int(index) }
        if colors >= 8, index < 16 { return Int(index) % 8 }  // bright red on 8 colors: red
        let count = colors >= 16 ? 16 : 8
        return nearestIndex(to: rgb(of: Int(index)), in: 0..<count)
    }

    /// The red, green and blue of xterm's color `index` (0 … 255).
    static func rgb(of index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16: return basic[index]
        case 16..<232:
            let cube = index - 16
            let level = { (step: Int) in step == 0 ? 0 : 55 + step * 40 }
            return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
        default:
            let gray = 8 + (index - 232) * 10
            return (gray, gray, gray)
        }
    }

    private static func nearestIndex(to color: (Int, Int, Int), in candidates: Range<Int>) -> Int {
        var best = candidates.lowerBound
        var bestDistance = Int.max
        for index in candidates {
            let other = rgb(of: index)
            let (red, green, blue) = (color.0 - other.0, color.1 - other.1, color.2 - other.2)
            // Weighted as the eye sees it, roughly: green counts most, blue least.
            let distance = 3 * red * red + 4 * green * green + 2 * blue * blue
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    /// xterm's default 16 colors.
    private static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
}
