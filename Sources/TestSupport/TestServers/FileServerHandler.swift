import NIOCore
import NIOHTTP1

/// Answers one connection's requests for its `FileServer`: works out the status and the byte
/// range, then writes the body in chunks while the connection is writable.
final class FileServerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// What happens when a body's last planned byte is sent.
    enum Ending {
        case end
        case close
        case stall
    }

    /// The body being sent: from `next` up to `limit` (exclusive), then `ending`.
    struct Sending {
        var content: ServedContent
        var next: Int64
        var limit: Int64
        var ending: Ending
    }

    private static let chunkSize: Int64 = 64 << 10
    private let server: FileServer
    private var head: HTTPRequestHead?
    private var sending: Sending?
    private var pumping = false

    init(server: FileServer) {
        self.server = server
    }

    func channelActive(context: ChannelHandlerContext) {
        server.opened(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.closed(context.channel)
        sending = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(context, to: head)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { pump(context) }
        context.fireChannelWritabilityChanged()
    }

    private func respond(_ context: ChannelHandlerContext, to head: HTTPRequestHead) {
        let seen = SeenFileRequest(
            uri: head.uri, range: head.headers.first(name: "range"), ifRange: head.headers.first(name: "if-range"),
            authorization: head.headers.first(name: "authorization"))
        let (fault, content, etag, lastModified) = server.take(seen)
        var headers = HTTPHeaders([("Content-Type", "application/octet-stream"), ("Accept-Ranges", "bytes")])
        if let etag { headers.add(name: "ETag", value: etag) }
        if let lastModified { headers.add(name: "Last-Modified", value: lastModified) }
        switch fault {
        case .hold:
            return
        case .status(let code):
            headers.add(name: "Content-Length", value: "0")
            send(context, status: HTTPResponseStatus(statusCode: code), headers: headers)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        default:
            break
        }
        let size = content.size
        var start: Int64 = 0
        var end = size
        var status = HTTPResponseStatus.ok
        let validatorHolds = seen.ifRange.map { $0 == etag || $0 == lastModified } ?? true
        if fault != .ignoreRange, validatorHolds, let range = seen.range.flatMap(Self.parse) {
            guard range.first < size else {
                headers.add(name: "Content-Range", value: "bytes */\(size)")
                headers.add(name: "Content-Length", value: "0")
                send(context, status: .rangeNotSatisfiable, headers: headers)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            start = range.first
            end = min(range.last.map { $0 + 1 } ?? size, size)
            status = .partialContent
            headers.add(name: "Content-Range", value: "bytes \(start)-\(end - 1)/\(size)")
        }
        var announced = end - start
        var limit = end
        var ending = Ending.end
        switch fault {
        case .dropAfter(let count):
            limit = min(end, start + count)
            ending = .close
        case .stallAfter(let count):
            limit = min(end, start + count)
            ending = .stall
        case .lieLength(let extra):
            announced += extra
            ending = .close
        default:
            break
        }
        headers.add(name: "Content-Length", value: "\(announced)")
        send(context, status: status, headers: headers)
        sending = Sending(content: content, next: start, limit: limit, ending: ending)
        pump(context)
    }

    private func send(_ context: ChannelHandlerContext, status: HTTPResponseStatus, headers: HTTPHeaders) {
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                              promise: nil)
    }

    /// Writes chunks while the connection takes them; the rest when it is writable again.
    private func pump(_ context: ChannelHandlerContext) {
        guard !pumping, var body = sending else { return }
        pumping = true
        defer { pumping = false }
        while context.channel.isWritable, body.next < body.limit {
            let count = Int(min(Self.chunkSize, body.limit - body.next))
            var buffer = context.channel.allocator.buffer(capacity: count)
            body.content.write(from: body.next, count: count, into: &buffer)
            body.next += Int64(count)
            sending = body
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            guard sending != nil else { return }   // closed meanwhile
        }
        guard body.next == body.limit else { return }
        sending = nil
        switch body.ending {
        case .end:
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .close:
            let channel = context.channel
            let flushed = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer()))), promise: flushed)
            flushed.futureResult.whenComplete { _ in channel.close(promise: nil) }
        case .stall:
            break
        }
    }

    /// `bytes=N-` or `bytes=N-M`.
    private static func parse(_ header: String) -> (first: Int64, last: Int64?)? {
        guard header.hasPrefix("bytes=") else { return nil }
        let bounds = header.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int64(bounds[0]) else { return nil }
        if bounds[1].isEmpty { return (first, nil) }
        guard let last = Int64(bounds[1]), last >= first else { return nil }
        return (first, last)
    }
}
