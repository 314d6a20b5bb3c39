import CZlib
import Terminal

extension PictureEncoder {
    /// The zlib level of the kitty output: level 1, smaller and faster than 6 and 9 on a 300 × 450
    /// photo-like picture (276,516 bytes in 8 ms against 281,909 in 14 ms; see the SpindleUIPictures
    /// article, "Kitty graphics, compressed").
    static let kittyCompressionLevel: Int32 = 1

    /// Kitty graphics commands for the picture scaled to `columns` × `rows` cells of `cell`
    /// pixels: the RGBA pixels (`f=32`) of exactly `columns` × `cell.width` by `rows` ×
    /// `cell.height`, deflated with zlib (`o=z`), in base64, in chunks of at most 4096 bytes of
    /// base64 (`m=1` on each but the last, `m=0` on it). The first command transmits and
    /// displays (`a=T`) over `columns` × `rows` cells (`c`, `r`); the screen adds the image id
    /// and `q=2` to it when it places them, and each later chunk carries `q=2` itself. Nothing
    /// for an empty size. The picture fills the cells: `PictureView.fit` picks cells that keep
    /// its aspect ratio.
    ///
    ///     PictureEncoder.kitty(picture, columns: 20, rows: 15, cell: CellPixelSize(width: 10, height: 20))
    public static func kitty(_ picture: Picture, columns: Int, rows: Int, cell: CellPixelSize) -> [UInt8] {
        kitty(picture, columns: columns, rows: rows, cell: cell, level: kittyCompressionLevel)
    }

    /// `kitty(_:columns:rows:cell:)` deflated at zlib `level` (0 … 9).
    static func kitty(_ picture: Picture, columns: Int, rows: Int, cell: CellPixelSize, level: Int32) -> [UInt8] {
        guard columns > 0, rows > 0, cell.width > 0, cell.height > 0 else { return [] }
        let (width, wideOverflow) = columns.multipliedReportingOverflow(by: cell.width)
        let (height, tallOverflow) = rows.multipliedReportingOverflow(by: cell.height)
        guard !wideOverflow, !tallOverflow else { return [] }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Picture.maximumPixels else { return [] }
        let rgba = scaled(picture, width: width, height: height)
        guard let deflated = deflate(rgba, level: level) else { return [] }
        return kittyCommands(base64(deflated), keys: "a=T,f=32,o=z,s=\(width),v=\(height),c=\(columns),r=\(rows)")
    }

    /// The commands carrying `payload` (base64): `keys` on the first, chunks of at most 4096
    /// bytes, `m=1` on all but the last.
    static func kittyCommands(_ payload: [UInt8], keys: String) -> [UInt8] {
        let chunk = 4096
        let count = max(1, (payload.count + chunk - 1) / chunk)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + count * 16 + keys.utf8.count)
        for index in 0..<count {
            let last = index == count - 1
            bytes += [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
            bytes += index == 0 ? Array("\(keys),m=\(last ? 0 : 1)".utf8) : Array("m=\(last ? 0 : 1),q=2".utf8)
            bytes.append(UInt8(ascii: ";"))
            bytes += payload[(index * chunk)..<min(payload.count, (index + 1) * chunk)]
            bytes += [0x1B, UInt8(ascii: "\\")]
        }
        return bytes
    }

    /// `bytes` deflated in a zlib stream (RFC 1950) at `level`, or nil if zlib fails.
    static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(length)...)
        return output
    }

    /// `bytes` in base64 (RFC 4648, padded).
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let whole = bytes.count / 3, rest = bytes.count % 3
        var output = [UInt8](repeating: UInt8(ascii: "="), count: (whole + (rest > 0 ? 1 : 0)) * 4)
        output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                alphabet.withUnsafeBufferPointer { symbols in
                    for group in 0..<whole {
                        let value = UInt32(source[group * 3]) << 16 | UInt32(source[group * 3 + 1]) << 8 | UInt32(source[group * 3 + 2])
                        target[group * 4] = symbols[Int(value >> 18)]
                        target[group * 4 + 1] = symbols[Int(value >> 12 & 63)]
                        target[group * 4 + 2] = symbols[Int(value >> 6 & 63)]
                        target[group * 4 + 3] = symbols[Int(value & 63)]
                    }
                    guard rest > 0 else { return }
                    let first = UInt32(source[whole * 3]), second = rest == 2 ? UInt32(source[whole * 3 + 1]) : 0
                    let value = first << 16 | second << 8
                    target[whole * 4] = symbols[Int(value >> 18)]
                    target[whole * 4 + 1] = symbols[Int(value >> 12 & 63)]
                    if rest == 2 { target[whole * 4 + 2] = symbols[Int(value >> 6 & 63)] }
                }
            }
        }
        return output
    }

    /// The picture's RGBA scaled to exactly `width` × `height` (a triangle filter as wide as a
    /// destination pixel when shrinking, so every source pixel counts; bilinear when enlarging),
    /// averaged with alpha premultiplied so that transparent pixels lend no colour. Ours rather
    /// than libchafa's kitty output decoded again: 300 × 450 to 270 × 400 takes 3.4 ms in a
    /// release build (50 to 70 ms in a debug one), about what libchafa takes to scale and write
    /// the 585 KB of base64 that would then have to be decoded.
    static func scaled(_ picture: Picture, width: Int, height: Int) -> [UInt8] {
        let across = Taps(source: picture.width, destination: width)
        let down = Taps(source: picture.height, destination: height)
        // Source rows scaled across (premultiplied), each kept while destination rows read it:
        // row r in slot r % down.stride. The rows a destination row reads move down only, so
        // each source row is scaled once, and the memory is a few rows, whatever the picture.
        var rows = [Float](repeating: 0, count: down.stride * width * 4)
        var held = [Int](repeating: -1, count: down.stride)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        output.withUnsafeMutableBufferPointer { target in
            rows.withUnsafeMutableBufferPointer { rows in
                picture.rgba.withUnsafeBufferPointer { source in
                    down.weights.withUnsafeBufferPointer { weights in
                        for y in 0..<height {
                            let start = down.starts[y]
                            for tap in 0..<down.stride where weights[y * down.stride + tap] > 0 && held[(start + tap) % down.stride] != start + tap {
                                let row = start + tap, slot = row % down.stride
                                scaleAcross(source, row: row, width: picture.width, taps: across, into: rows, at: slot * width * 4)
                                held[slot] = row
                            }
                            for x in 0..<width {
                                var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
                                for tap in 0..<down.stride {
                                    let weight = weights[y * down.stride + tap]
                                    guard weight > 0 else { continue }
                                    let pixel = (((start + tap) % down.stride) * width + x) * 4
                                    red += weight * rows[pixel]
                                    green += weight * rows[pixel + 1]
                                    blue += weight * rows[pixel + 2]
                                    alpha += weight * rows[pixel + 3]
                                }
                                let out = (y * width + x) * 4
                                guard alpha > 0 else { continue }
                                target[out] = channel(red / alpha)
                                target[out + 1] = channel(green / alpha)
                                target[out + 2] = channel(blue / alpha)
                                target[out + 3] = channel(alpha)
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// Source row `row` scaled across to `taps`' destination width, premultiplied, written to
    /// `target` from `offset`.
    private static func scaleAcross(_ source: UnsafeBufferPointer<UInt8>, row: Int, width: Int, taps: Taps,
                                    into target: UnsafeMutableBufferPointer<Float>, at offset: Int) {
        let first = row * width * 4
        taps.weights.withUnsafeBufferPointer { weights in
            for x in 0..<taps.starts.count {
                var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
                let start = taps.starts[x]
                for tap in 0..<taps.stride {
                    let weight = weights[x * taps.stride + tap]
                    guard weight > 0 else { continue }
                    let pixel = first + (start + tap) * 4
                    let opacity = weight * Float(source[pixel + 3])
                    red += opacity * Float(source[pixel])
                    green += opacity * Float(source[pixel + 1])
                    blue += opacity * Float(source[pixel + 2])
                    alpha += opacity
                }
                target[offset + x * 4] = red
                target[offset + x * 4 + 1] = green
                target[offset + x * 4 + 2] = blue
                target[offset + x * 4 + 3] = alpha
            }
        }
    }

    private static func channel(_ value: Float) -> UInt8 {
        UInt8(min(max(value, 0), 255).rounded())
    }

    /// For each pixel along one side of the destination: the first source pixel it reads and
    /// `stride` weights from there (zero past its reach), summing to one.
    struct Taps {
        let starts: [Int]
        let weights: [Float]
        let stride: Int

        init(source: Int, destination: Int) {
            let scale = Double(source) / Double(destination)
            let reach = max(scale, 1)
            let stride = Int(reach.rounded(.up)) * 2 + 1
            var starts = [Int](repeating: 0, count: destination)
            var weights = [Float](repeating: 0, count: destination * stride)
            for index in 0..<destination {
                let center = (Double(index) + 0.5) * scale
                let first = max(0, Int((center - reach).rounded(.down)))
                let last = min(source - 1, Int((center + reach).rounded(.up)), first + stride - 1)
                var sum = 0.0
                var taps = [Double](repeating: 0, count: stride)
                for pixel in first...last {
                    let weight = max(0, 1 - abs((Double(pixel) + 0.5 - center) / reach))
                    taps[pixel - first] = weight
                    sum += weight
                }
                starts[index] = first
                if sum > 0 {
                    for tap in 0..<stride { weights[index * stride + tap] = Float(taps[tap] / sum) }
                } else {
                    // Nearest pixel, should the filter miss every one.
                    let nearest = min(source - 1, max(0, Int(center)))
                    starts[index] = nearest
                    weights[index * stride] = 1
                }
            }
            self.starts = starts
            self.weights = weights
            self.stride = stride
        }
    }
}
