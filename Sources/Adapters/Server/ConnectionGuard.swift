import NIOCore
import NIOHTTPTypes

/// One per connection, behind the HTTP codec and before `FlushBeforeClose` (so that the
/// connections it closes are closed at once, not held for their writes): keeps the connection's entry in the
/// `ConnectionBook` (busy while a request is under way) and closes the connection when the
/// client is too slow by `ServerLimits`:
///
/// - the next request's head has not arrived `requestTimeout` after the connection opened or
///   the last answer ended (a client that says nothing, a slowloris, an idle keep-alive);
/// - an answer's bytes are waiting and none has gone to the client for `stalledReaderTimeout`
///   (a client that stopped reading).
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

    private var waitingForRequest: Scheduled<Void>?
    private var requestUnderWay = false
    private var writesUnderWay = 0
    /// Counts finished writes; a stall check that sees the same count found no progress.
    private var writesFinished = 0
    private var stallCheck: Scheduled<Void>?
    private var registered = false

    init(book: ConnectionBook, limits: ServerLimits) {
        self.book = book
        requestTimeout = TimeAmount(limits.requestTimeout)
        stalledReaderTimeout = TimeAmount(limits.stalledReaderTimeout)
    }

    private var id: ObjectIdentifier { ObjectIdentifier(self) }

    func handlerAdded(context: ChannelHandlerContext) {
        registered = true
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
        if case .head = unwrapInboundIn(data) {
            waitingForRequest?.cancel()
            waitingForRequest = nil
            requestUnderWay = true
            book.changed(id, busy: true)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        if case .end = unwrapOutboundIn(data) { isEnd = true } else { isEnd = false }
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

    /// The answer's last byte went to the socket: the connection is idle until the next request.
    private func answerEnded(_ context: ChannelHandlerContext) {
        requestUnderWay = false
        guard registered else { return }
        book.changed(id, busy: false)
        awaitRequest(context)
    }

    private func awaitRequest(_ context: ChannelHandlerContext) {
        waitingForRequest?.cancel()
        waitingForRequest = context.eventLoop.assumeIsolated().scheduleTask(in: requestTimeout) {
            self.waitingForRequest = nil
            if !self.requestUnderWay { context.close(promise: nil) }
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
        waitingForRequest?.cancel()
        waitingForRequest = nil
        stallCheck?.cancel()
        stallCheck = nil
        if registered {
            registered = false
            book.closed(id)
        }
    }
}
