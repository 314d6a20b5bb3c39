import NIOCore
import NIOHTTP1

/// Answers each request as the server's behaviour says and tells the server what it saw.
final class FaultHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: FaultServer
    private var head: HTTPRequestHead?

    init(server: FaultServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            server.saw(SeenRequest(
                uri: head.uri,
                authorization: head.headers.first(name: "authorization"),
                accept: head.headers.first(name: "accept")
            ))
        case .body:
            break
        case .end:
            guard let head else { return }
            respond(context, uri: head.uri, as: server.behaviour)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.sawClose()
        context.fireChannelInactive()
    }

    private func respond(_ context: ChannelHandlerContext, uri: String, as behaviour: FaultBehaviour) {
        switch behaviour {
        case .library(let titles, let nextOrigin):
            let reply = FaultLibrary(titles: titles, origin: nextOrigin ?? server.address).reply(to: uri)
            send(context, status: reply.status, headers: reply.headers, body: reply.body)
        case .slow(let delay, let then):
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
            context.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
                let (handler, context) = bound.value
                handler.respond(context, uri: uri, as: then)
            }
        case .answer(let status, let body):
            send(context, status: status, headers: [], body: body)
        case .redirect(let location):
            send(context, status: 301, headers: [("Location", location)], body: "")
        case .closeAfterHeaders:
            sendHeadAndAFewBytes(context)
            context.close(promise: nil)
        case .stallAfterHeaders:
            sendHeadAndAFewBytes(context)
        case .huge(let bytes, let announced):
            var headers = HTTPHeaders([("Content-Type", "application/json")])
            headers.add(name: announced ? "Content-Length" : "Transfer-Encoding", value: announced ? "\(bytes)" : "chunked")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 64 << 10)
            for _ in 0 ..< bytes / chunk.readableBytes {
                context.write(wrapOutboundOut(.body(.byteBuffer(chunk))), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .hold:
            break
        case .closeBeforeAnswer(let times, let then):
            if server.requests.count <= times {
                context.close(promise: nil)
            } else {
                respond(context, uri: uri, as: then)
            }
        }
    }

    private func sendHeadAndAFewBytes(_ context: ChannelHandlerContext) {
        let headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", "1000")])
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: #"{"titles":["#)))), promise: nil)
    }

    private func send(_ context: ChannelHandlerContext, status: Int, headers extra: [(String, String)], body: String) {
        var headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)")])
        for (name, value) in extra { headers.add(name: name, value: value) }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
