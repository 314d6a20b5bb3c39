import Spin

/// A file written in batches: appended bytes wait for `flush` (one `write`); `close` fsyncs.
final class AppendingFile: Sendable {
    private struct Contents { var fd: Int32; var pending: [UInt8] = [] }
    private let contents: Lock<Contents>
    let path: String

    init(path: String) {
        self.path = path
        contents = Lock(Contents(fd: DurableFile.create(path)))
    }

    func append(_ bytes: [UInt8]) {
        contents.withLock { $0.pending.append(contentsOf: bytes) }
    }

    func flush() {
        contents.withLock { contents in
            guard contents.fd >= 0, !contents.pending.isEmpty else { return }
            if (try? DurableFile.writeAll(contents.fd, contents.pending, path: path)) == nil {
                DurableFile.closeDescriptor(contents.fd)
                contents.fd = -1
            }
            contents.pending.removeAll(keepingCapacity: true)
        }
    }

    func close() {
        flush()
        contents.withLock { contents in
            guard contents.fd >= 0 else { return }
            try? DurableFile.sync(contents.fd, path: path)
            DurableFile.closeDescriptor(contents.fd)
            contents.fd = -1
        }
    }
}
