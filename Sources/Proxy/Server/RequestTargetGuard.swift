import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Catches requests that must not reach Hummingbird's `Request`s as they
/// are, in front of its HTTP-types conversion, and marks them so that
/// `RequestGuard.refusal(marker:)` answers them with a page naming why:
///
/// - absolute-form and asterisk-form targets (Hummingbird would silently
///   reduce `GET http://evil/x` to `/x`; limot is not an open proxy);
/// - two or more Host headers (the conversion keeps the first, so a second
///   one naming another host would go unnoticed; RFC 9112 §3.2 says 400);
/// - requests NIO's parser (llhttp, strict) cannot read: Content-Length
///   with Transfer-Encoding, two lengths, a bad chunk size, a header line or
///   head over the limits. Hummingbird would answer those with an empty 400;
///   here they become one last request, answered in order after the
///   requests before it on the connection, which is then closed.
///
/// A marked request has the path `/_limot/refused/REASON`. CONNECT is
/// refused right here and the connection closed.
///
/// It also bounds how long a request's body may take: Hummingbird's idle
/// timeout closes a connection whose head does not arrive, but every piece of
/// a body counts as activity, so a body dribbled a byte at a time would hold
/// a connection for ever. A body not complete `bodyTimeout` after the read
/// that brought its head is cut off by closing the connection.
final class RequestTargetMarker: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The path that replaces a target that is not a path.
    static let refusedPath = "/_limot/refused/"
    /// The reasons after `refusedPath`.
    enum Reason: String {
        case absoluteForm = "absolute-form"
        case duplicateHost = "duplicate-host"
        case tooLarge = "too-large"
        case malformed
        /// A Transfer-Encoding other than `chunked` alone (llhttp reads the
        /// head and fails only on the body, too late for a clean answer).
        case transferEncoding = "malformed-transferEncoding"
    }

    private var refusingConnect = false
    /// Set once a refused request was passed on: nothing after it on this
    /// connection is read.
    private var refusedRequest = false
    /// The request being read is refused; the connection closes after it.
    private var closingAfterRequest = false
    /// Between a request's head and its end.
    private var readingRequest = false
    private let bodyTimeout: TimeAmount?
    /// Closes the connection when a body takes longer than `bodyTimeout`.
    private var bodyDeadline: Scheduled<Void>?

    init(bodyTimeout: TimeAmount?) {
        self.bodyTimeout = bodyTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var part = unwrapInboundIn(data)
        if refusingConnect || refusedRequest { return }
        switch part {
        case .head(var head):
            if head.method == .CONNECT {
                // After CONNECT the parser expects a tunnel, not requests:
                // answer here and close.
                refusingConnect = true
                refuseConnect(context: context, version: head.version)
                return
            }
            readingRequest = true
            var reason: Reason?
            if !head.uri.hasPrefix("/") || head.uri.hasPrefix(Self.refusedPath) {
                reason = .absoluteForm
            } else if head.headers["Host"].count > 1 {
                reason = .duplicateHost
            } else if !Self.isChunkedAlone(head.headers["Transfer-Encoding"]) {
                reason = .transferEncoding
            }
            if let reason {
                // Answered, then the connection is closed: Hummingbird stops
                // after a request that asks for it, and nothing after this
                // request is passed on.
                head.uri = Self.refusedPath + reason.rawValue
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                closingAfterRequest = true
            }
            part = .head(head)
        case .body:
            break
        case .end:
            readingRequest = false
            bodyDeadline?.cancel()
            bodyDeadline = nil
            if closingAfterRequest { refusedRequest = true }
        }
        context.fireChannelRead(wrapInboundOut(part))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Only a request whose end did not come with its head needs a
        // deadline (almost every GET comes whole in one read).
        if readingRequest, bodyDeadline == nil, let bodyTimeout {
            bodyDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: bodyTimeout) { [weak self] in
                guard let self, self.readingRequest else { return }
                context.close(promise: nil)
            }
        }
        context.fireChannelReadComplete()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        bodyDeadline?.cancel()
        bodyDeadline = nil
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let isParseError = error is HTTPParserError || error is ByteToMessageDecoderError
        if isParseError, refusingConnect || refusedRequest || closingAfterRequest {
            // The request is refused already; what is wrong after it is moot.
            refusedRequest = refusedRequest || closingAfterRequest
            return
        }
        // In the middle of a request (a bad chunk of a body) the error goes on:
        // the handler reading the body sees it fail, and Hummingbird closes.
        guard let parseError = error as? HTTPParserError, !readingRequest else {
            context.fireErrorCaught(error)
            return
        }
        refusedRequest = true
        let reason = parseError == .headerOverflow ? Reason.tooLarge.rawValue : "\(Reason.malformed.rawValue)-\(parseError)"
        var headers = HTTPHeaders()
        headers.add(name: "Connection", value: "close")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: Self.refusedPath + reason, headers: headers)
        context.fireChannelRead(wrapInboundOut(.head(head)))
        context.fireChannelRead(wrapInboundOut(.end(nil)))
        context.fireChannelReadComplete()
    }

    /// Whether the Transfer-Encoding values (none, or exactly `chunked`) are
    /// ones limot reads; any other coding, or `chunked` twice, is refused.
    static func isChunkedAlone(_ values: [String]) -> Bool {
        guard !values.isEmpty else { return true }
        let codings = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return codings == ["chunked"]
    }

    private func refuseConnect(context: ChannelHandlerContext, version: HTTPVersion) {
        // NIO's encoder sends no body with an answer to CONNECT (a 2xx one
        // opens a tunnel), so the reason phrase says why.
        var headers = HTTPHeaders()
        headers.add(name: "Allow", value: "GET, HEAD, POST")
        headers.add(name: "Connection", value: "close")
        let status = HTTPResponseStatus.custom(code: 405, reasonPhrase: "CONNECT is not supported: limot is not an open proxy")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}

/// Hummingbird's HTTP/1 channel with `RequestTargetMarker` in front of its
/// HTTP-types conversion.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            let marker = RequestTargetMarker(bodyTimeout: inner.configuration.idleTimeout)
            try channel.pipeline.syncOperations.addHandler(marker, position: .before(codec))
            try channel.syncOptions?.setOption(ChannelOptions.writeBufferWaterMark, value: Self.writeBufferWaterMark)
            return value
        }
    }

    /// When the connection counts as unwritable: above `high` bytes queued
    /// for the socket, until below `low` again. NIO's default high mark,
    /// 64 KiB, is less than a dictionary page with the bar (about 72 KB),
    /// so every page made the connection unwritable as it was queued and
    /// writable again as it went out, each change passed through the whole
    /// pipeline to Hummingbird's writer: 14,600 instructions a page on the
    /// connection's event loop (callgrind, 100 pages at new addresses). A
    /// response is one buffer already in memory, so a higher mark holds no
    /// more memory; slow readers are still held back above it.
    static let writeBufferWaterMark = ChannelOptions.Types.WriteBufferWaterMark(low: 128 << 10, high: 256 << 10)

    /// The connection's requests are read, answered and written on its
    /// event loop (see `EventLoopTaskExecutor`).
    func handle(value: Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with limot's request-target check.
    static func guardedHTTP1(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}
