import Foundation
import Testing
@testable import SpindleUIPictures
import Terminal

/// Red, green, blue and white quadrants (top left, top right, bottom left, bottom right).
let quadrantColors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

/// A `width` × `height` picture of the four quadrants.
func quadrants(width: Int, height: Int) -> Picture {
    var rgba: [UInt8] = []
    rgba.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let color = quadrantColors[quadrant(x: x, y: y, width: width, height: height)]
            rgba += [color.0, color.1, color.2, 255]
        }
    }
    return try! Picture(width: width, height: height, rgba: rgba)
}

/// Which quadrant (0 … 3) a point of a `width` × `height` picture lies in.
func quadrant(x: Int, y: Int, width: Int, height: Int) -> Int {
    (y * 2 >= height ? 2 : 0) + (x * 2 >= width ? 1 : 0)
}

/// The red, green and blue of xterm's colour `index` (16 … 255).
func paletteRGB(_ index: Int) -> (Int, Int, Int) {
    if index >= 232 {
        let gray = 8 + (index - 232) * 10
        return (gray, gray, gray)
    }
    let cube = index - 16
    let level = { (step: Int) in step == 0 ? 0 : 55 + step * 40 }
    return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
}

/// The largest difference of one channel between two colours.
func distance(_ a: (Int, Int, Int), _ b: (UInt8, UInt8, UInt8)) -> Int {
    max(abs(a.0 - Int(b.0)), abs(a.1 - Int(b.1)), abs(a.2 - Int(b.2)))
}

/// Runs `tool` with `arguments`, feeding `input`; its standard output, or a failure naming it.
func run(_ tool: String, _ arguments: [String], input: [UInt8]) throws -> [UInt8] {
    guard let path = ["/usr/bin", "/usr/local/bin", "/bin"].map({ "\($0)/\(tool)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw ToolMissing(tool: tool)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let stdin = Pipe(), stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let writer = Thread { stdin.fileHandleForWriting.write(Data(input)); try? stdin.fileHandleForWriting.close() }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](output)
}

struct ToolMissing: Error, CustomStringConvertible {
    let tool: String
    var description: String {
        "\(tool) is not installed: the sixel test decodes with sixel2png (Debian's libsixel-bin) and reads the PNG with ffmpeg; run scripts/install-deps.sh"
    }
}

/// A photo-like `width` × `height` picture: smooth gradients in each channel and a little
/// noise (± 8, a fixed seed), as a camera's picture has.
func photoLike(width: Int, height: Int) -> Picture {
    var rgba: [UInt8] = []
    rgba.reserveCapacity(width * height * 4)
    var seed: UInt32 = 2024
    for y in 0..<height {
        for x in 0..<width {
            seed = seed &* 1_103_515_245 &+ 12345
            let noise = Int(seed >> 27) - 16
            let noisy = { (value: Int) in UInt8(min(255, max(0, value + noise / 2))) }
            rgba += [noisy(x * 255 / max(1, width - 1)), noisy(y * 255 / max(1, height - 1)),
                     noisy(128 + (x - y) * 100 / max(1, width + height)), 255]
        }
    }
    return try! Picture(width: width, height: height, rgba: rgba)
}
