import CPNG

extension Picture {
    /// The picture a PNG file holds, decoded by libpng: any colour type, bit depth and interlacing,
    /// turned into 8-bit RGBA (grey becomes equal red, green and blue; a palette its colours; a
    /// missing alpha 255; 16-bit samples without a gamma of their own are taken as sRGB).
    ///
    /// `bytes` may come from anyone: only the header is read before the size is checked, and no
    /// pixel memory is taken for a picture of more than `maximumPixels` (never more than
    /// ``Picture/maximumPixels``). An empty input, bytes that are not a PNG, a cut or damaged
    /// file are refused with ``PictureError/notAPicture(_:)`` carrying libpng's reason; a size
    /// over the limits with ``PictureError/tooLarge(width:height:)`` or
    /// ``PictureError/exceedsLimit(width:height:maximumPixels:)``.
    ///
    ///     let poster = try Picture(png: body, maximumPixels: 1024 * 1024)
    public init(png bytes: some Collection<UInt8>, maximumPixels: Int = Picture.maximumPixels) throws(PictureError) {
        let decoded = bytes.withContiguousStorageIfAvailable { Self.decodePNG($0, maximumPixels: maximumPixels) }
            ?? Array(bytes).withUnsafeBufferPointer { Self.decodePNG($0, maximumPixels: maximumPixels) }
        self = try decoded.get()
    }

    /// The picture as a PNG file, written by libpng: 8-bit RGBA, not interlaced, with an sRGB
    /// chunk. Lossless: ``Picture/init(png:maximumPixels:)`` gives back the same pixels, the colour of a fully
    /// transparent pixel included.
    ///
    /// libpng refuses a side longer than ``Picture/pngMaximumSide`` (its limit, on writing as
    /// on reading), which a picture within ``Picture/maximumPixels`` may have (16,777,216 × 1):
    /// such a picture is refused with ``PictureError/notEncodable(_:)``, as is a write that runs
    /// out of memory.
    ///
    ///     let body = try poster.png()   // served as image/png
    public func png() throws(PictureError) -> [UInt8] {
        guard width <= Self.pngMaximumSide, height <= Self.pngMaximumSide else {
            throw .notEncodable("a side of a \(width)x\(height) picture is longer than libpng's \(Self.pngMaximumSide) pixels")
        }
        var image = Self.pngImage()
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = spindle_png_format_rgba
        defer { png_image_free(&image) }
        let capacity = Int(spindle_png_image_size_max(&image))
        let written: Result<[UInt8], PictureError> = rgba.withUnsafeBytes { pixels in
            var scratch = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let succeeded = scratch.withUnsafeMutableBytes { buffer in
                png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
            guard succeeded != 0, Int(size) <= capacity else {
                return .failure(.notEncodable(Self.message(of: image, or: "libpng could not write a \(width)x\(height) picture")))
            }
            return .success(Array(scratch[..<Int(size)]))
        }
        return try written.get()
    }

    /// The longest side libpng writes or reads: 1,000,000 pixels (its default user limit, which
    /// its simplified API cannot change).
    ///
    ///     if picture.width <= Picture.pngMaximumSide && picture.height <= Picture.pngMaximumSide { body = try picture.png() }
    public static let pngMaximumSide = Int(spindle_png_user_maximum_side)

    /// A `png_image` as the simplified API wants it before any call: zeroed, its version set.
    private static func pngImage() -> png_image {
        var image = png_image()
        image.version = spindle_png_image_version
        return image
    }

    /// Decodes `bytes`, checking the size the header declares before taking any pixel memory.
    private static func decodePNG(_ bytes: UnsafeBufferPointer<UInt8>, maximumPixels: Int) -> Result<Picture, PictureError> {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            return .failure(.notAPicture("no bytes (an empty input is not a PNG file)"))
        }
        var image = pngImage()
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, base, bytes.count) != 0 else {
            return .failure(.notAPicture(message(of: image, or: "not a PNG file")))
        }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0 else { return .failure(.empty(width: width, height: height)) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Picture.maximumPixels else { return .failure(.tooLarge(width: width, height: height)) }
        guard pixels <= maximumPixels else {
            return .failure(.exceedsLimit(width: width, height: height, maximumPixels: maximumPixels))
        }
        image.format = spindle_png_format_rgba
        image.flags |= spindle_png_flag_16bit_srgb
        var succeeded = false
        let rgba = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, count in
            succeeded = png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil) != 0
            count = succeeded ? pixels * 4 : 0
        }
        guard succeeded else { return .failure(.notAPicture(message(of: image, or: "the PNG file is damaged"))) }
        return Result { () throws(PictureError) in try Picture(width: width, height: height, rgba: rgba) }
    }

    /// libpng's message in `image` after a failed call, or `fallback` when it left none.
    private static func message(of image: png_image, or fallback: String) -> String {
        let text = withUnsafeBytes(of: image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? fallback : text
    }
}
