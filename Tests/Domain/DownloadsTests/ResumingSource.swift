import Catalog
@testable import Downloads
import SpinTesting

/// A source whose every part continues a `.part` of `resumedFrom` bytes (as the real source
/// does after a failure or a restart): `.size`, `.resumed`, then `bytesPerTick` every `tick` on
/// the virtual clock, then `.finished` at `local/<id>`.
struct ResumingSource: DownloadSource {
    let clock: VirtualClock
    let size: Int
    let resumedFrom: Int
    let bytesPerTick: Int
    let tick: Duration

    func transfer(_ part: DownloadPart, of title: Title) -> ResumingTransfer {
        ResumingTransfer(source: self, localPath: "local/" + title.id)
    }

    func deleteLocalCopy(of title: Title) async throws {}
}

struct ResumingTransfer: AsyncSequence, Sendable {
    typealias Element = DownloadProgress
    typealias Failure = any Error

    let source: ResumingSource
    let localPath: String

    func makeAsyncIterator() -> Iterator { Iterator(transfer: self) }

    struct Iterator: AsyncIteratorProtocol {
        typealias Failure = any Error
        private enum Stage { case start, resuming, receiving(Int), done }
        let transfer: ResumingTransfer
        private var stage = Stage.start

        init(transfer: ResumingTransfer) { self.transfer = transfer }

        mutating func next() async throws -> DownloadProgress? {
            let source = transfer.source
            switch stage {
            case .start:
                stage = .resuming
                return .size(source.size)
            case .resuming:
                stage = .receiving(source.resumedFrom)
                return .resumed(source.resumedFrom)
            case .receiving(let before) where before >= source.size:
                stage = .done
                return .finished(localPath: transfer.localPath)
            case .receiving(let before):
                try await source.clock.sleep(for: source.tick)
                let now = Swift.min(source.size, before + source.bytesPerTick)
                stage = .receiving(now)
                return .received(now)
            case .done:
                return nil
            }
        }
    }
}
