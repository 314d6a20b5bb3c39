import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// One per connection, behind the HTTP codec and before `FlushBeforeClose` (so that the
/// connections it closes are closed at once, not held for their writes): keeps the connection's
/// phase in the `ConnectionBook`, and closes the connection when the client owes the server
/// something for too long by `ServerLimits`, whoever the client is:
///
/// - the next request's head has not arrived `requestTimeout` after the connection opened or
///   the last answer ended (a client that says nothing, a slowloris, an idle keep-alive);
/// - the request's body has not all arrived `requestTimeout` after its head (a stalled body);
/// - an answer's bytes are waiting and none has gone to the client for `stalledReaderTimeout`
///   (a client that stopped reading).
///
/// An answer sent with `Connection: close` (a long poll answered early) closes the connection
/// once it is written.
///
///     .http1(configuration: .init(additionalChannelHandlers: [ConnectionGuard(book: book, limits: limits)]))
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let book: ConnectionBook
    private let requestTimeout: TimeAmount
    private let stalledReaderTimeout: TimeAmount

    /// Closes the connection when the next request's head, or the body of the one under way,
    /// is late.
    private var deadline: Scheduled<Void>?
    private var requestUnderWay = false
    private var bodyUnderWay = false
    private var closesAfterAnswer = false
    private var writesUnderWay = 0
    /// Counts finished writes; a stall check that sees the same count found no progress.
    private var writesFinished = 0
    private var stallCheck: Scheduled<Void>?
    private var id: ObjectIdentifier?

    init(book: ConnectionBook, limits: ServerLimits) {
        self.book = book
        requestTimeout = TimeAmount(limits.requestTimeout)
        stalledReaderTimeout = TimeAmount(limits.stalledReaderTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let id = ObjectIdentifier(context.channel)
        self.id = id
        let loop = context.eventLoop
        let bound = NIOLoopBound(context, eventLoop: loop)
        book.opened(id) {
            loop.execute { bound.value.close(promise: nil) }
        }
        awaitRequest(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestUnderWay = true
            bodyUnderWay = true
            if let id { book.enter(id, .receiving) }
            // The body, if any, has the same time as the head had.
            awaitDeadline(context) { !$0.bodyUnderWay }
        case .body:
            break
        case .end:
            deadline?.cancel()
            deadline = nil
            bodyUnderWay = false
            if let id { book.enter(id, .working, from: .receiving) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        switch unwrapOutboundIn(data) {
        case .head(let head):
            isEnd = false
            if head.headerFields[.connection]?.lowercased() == "close" { closesAfterAnswer = true }
        case .body:
            isEnd = false
        case .end:
            isEnd = true
        }
        let written = promise ?? context.eventLoop.makePromise()
        writesUnderWay += 1
        if stallCheck == nil { scheduleStallCheck(context, seen: writesFinished) }
        written.futureResult.assumeIsolated().whenComplete { result in
            self.writesUnderWay -= 1
            self.writesFinished += 1
            if isEnd, case .success = result { self.answerEnded(context) }
        }
        context.write(data, promise: written)
    }

    /// The answer's last byte went to the socket: the connection is idle until the next request,
    /// or closes if the answer said so.
    private func answerEnded(_ context: ChannelHandlerContext) {
        requestUnderWay = false
        guard let id else { return }
        if closesAfterAnswer {
            context.close(promise: nil)
            return
        }
        book.enter(id, .idle)
        awaitRequest(context)
    }

    private func awaitRequest(_ context: ChannelHandlerContext) {
        awaitDeadline(context) { $0.requestUnderWay }
    }

    /// Closes the connection `requestTimeout` from now unless `met` holds then.
    private func awaitDeadline(_ context: ChannelHandlerContext, met: @escaping (ConnectionGuard) -> Bool) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: requestTimeout) {
            self.deadline = nil
            if !met(self) { context.close(promise: nil) }
        }
    }

    private func scheduleStallCheck(_ context: ChannelHandlerContext, seen: Int) {
        stallCheck = context.eventLoop.assumeIsolated().scheduleTask(in: stalledReaderTimeout) {
            self.stallCheck = nil
            guard self.writesUnderWay > 0 else { return }
            if self.writesFinished == seen {
                context.close(promise: nil)
            } else {
                self.scheduleStallCheck(context, seen: self.writesFinished)
            }
        }
    }

    private func stop() {
        deadline?.cancel()
        deadline = nil
        stallCheck?.cancel()
        stallCheck = nil
        if let id {
            self.id = nil
            book.closed(id)
        }
    }
}
