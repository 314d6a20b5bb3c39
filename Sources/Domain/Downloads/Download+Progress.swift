/// Combined progress, speed and ETA, computed from the parts and the samples (never a clock).
///
/// The rule for combined progress:
/// - once every part's size is known, it is bytes received / total bytes (weighted by size);
/// - until then, each part counts by its share (`share(of:)`: 90% video, 10% subtitles; 100%
///   for a video alone) times its own fraction; a part whose size is unknown counts 0 until
///   its size is known or it finishes.
/// A finished download is 1.
extension Download {
    /// The share a part has in combined progress while not every size is known.
    package func share(of part: DownloadPart) -> Double {
        guard parts.count > 1 else { return 1 }
        return part == .video ? 0.9 : 0.1
    }

    /// Combined progress, 0 … 1.
    package var fraction: Double {
        if case .finished = status { return 1 }
        if let total = totalBytes, total > 0 {
            return min(1, Double(receivedBytes) / Double(total))
        }
        return parts.reduce(0) { sum, part in sum + share(of: part) * (progress[part]?.fraction ?? 0) }
    }

    /// Combined progress as a whole percentage, rounded down (100 only when every byte is in).
    package var percent: Int { Int((fraction * 100).rounded(.down)) }

    /// Bytes received, all parts together.
    package var receivedBytes: Int { parts.reduce(0) { $0 + (progress[$1]?.received ?? 0) } }

    /// The size of all parts together, once each is known.
    package var totalBytes: Int? {
        var total = 0
        for part in parts {
            guard let size = progress[part]?.total else { return nil }
            total += size
        }
        return total
    }

    /// Bytes per second over the samples of the last `DownloadsState.speedWindow` (at least two
    /// samples, some time apart); nil while not running or not measurable. Only the bytes that
    /// arrived in this attempt count: a resumed part's bytes were there before it started.
    package var bytesPerSecond: Double? {
        guard status == .running, let last = samples.last, let first = samples.first else { return nil }
        let seconds = Self.seconds(last.at - first.at)
        guard seconds > 0 else { return nil }
        return Double(last.bytes - first.bytes) / seconds
    }

    /// Time left at the current speed, rounded up to a second; nil while the total size or the
    /// speed is unknown.
    package var eta: Duration? {
        guard let total = totalBytes, let speed = bytesPerSecond, speed > 0 else { return nil }
        let left = Double(max(0, total - receivedBytes)) / speed
        return .seconds(Int(left.rounded(.up)))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Adds a sample, `arrived` bytes after the last one, and drops those older than `window`
    /// before it; a sample earlier than the last one (a new clock origin) starts the samples over.
    mutating func addSample(at time: Duration, arrived: Int, window: Duration) {
        let bytes = (samples.last?.bytes ?? 0) + arrived
        if let last = samples.last, time < last.at { samples = [] }
        samples.append(ProgressSample(at: time, bytes: bytes))
        let oldest = time - window
        if let keep = samples.firstIndex(where: { $0.at >= oldest }), keep > 0 {
            samples.removeFirst(keep)
        }
    }
}
