import NIOCore

/// Holds a connection's close until what was written to it has gone to the socket.
///
/// Hummingbird's graceful shutdown closes a connection as soon as its last response is
/// written to the channel, and NIO drops what a slow client has not taken yet: the tail of a
/// video. This handler, between the HTTP codec and Hummingbird's connection handler, waits for
/// the writes under way (or `patience`, the shutdown's grace, for a client that stopped reading) before closing.
///
///     .http1(configuration: .init(additionalChannelHandlers: [FlushBeforeClose(patience: .seconds(10))]))
final class FlushBeforeClose: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias InboundOut = NIOAny
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    /// How long a close waits for the writes under way: the server's shutdown grace.
    private let patience: TimeAmount

    init(patience: Duration) {
        self.patience = TimeAmount(patience)
    }

    private var writesUnderWay = 0
    private var waitingClose: (mode: CloseMode, promise: EventLoopPromise<Void>?)?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let written = promise ?? context.eventLoop.makePromise()
        writesUnderWay += 1
        written.futureResult.assumeIsolated().whenComplete { _ in
            self.writesUnderWay -= 1
            if self.writesUnderWay == 0 { self.closeIfWaiting(context) }
        }
        context.write(data, promise: written)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, writesUnderWay > 0 else {
            context.close(mode: mode, promise: promise)
            return
        }
        if let waiting = waitingClose {
            // A second close while waiting: one close answers both.
            if let promise { waiting.promise?.futureResult.cascade(to: promise) }
            return
        }
        waitingClose = (mode, promise ?? context.eventLoop.makePromise())
        context.eventLoop.assumeIsolated().scheduleTask(in: patience) {
            self.closeIfWaiting(context)
        }
    }

    private func closeIfWaiting(_ context: ChannelHandlerContext) {
        guard let waiting = waitingClose else { return }
        waitingClose = nil
        context.close(mode: waiting.mode, promise: waiting.promise)
    }
}
