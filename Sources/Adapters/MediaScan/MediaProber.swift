/// Reads the facts of a media file (`FFProbe` runs ffprobe on it).
///
/// Throws `MediaProbeError` for a file it cannot read, and `CancellationError` promptly when
/// its task is cancelled (a probe in flight is ended, by pid).
package protocol MediaProber: Sendable {
    func probe(_ file: MediaFile) async throws -> MediaFacts
}

/// Why a file could not be probed, in words a user can read on one line
/// ("ffprobe is not installed", "Invalid data found when processing input").
package struct MediaProbeError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

extension MediaProbeError {
    /// `text` fit for a one-line message: control characters (which could drive the user's
    /// terminal) dropped, tabs as spaces, cut to `limit` characters with "…".
    static func oneLine(_ text: String, limit: Int = 200) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let kept: Unicode.Scalar? = switch scalar.value {
            case 0x09: " "
            case 0x00 ..< 0x20, 0x7F ... 0x9F: nil
            default: scalar
            }
            guard let kept else { continue }
            if count == limit {
                result += "…"
                break
            }
            result.unicodeScalars.append(kept)
            count += 1
        }
        return String(result.trimmed)
    }
}
