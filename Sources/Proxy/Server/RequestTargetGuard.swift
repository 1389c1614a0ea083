import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Catches requests whose target is not a path before Hummingbird turns them
/// into `Request`s, which would silently reduce `GET http://evil/x` to `/x`:
/// absolute-form and asterisk-form targets are rewritten to
/// `/_limot/refused/...`, which `RequestGuard` answers with a refusal; CONNECT
/// is refused right here and the connection closed. limot is not an open
/// proxy and says so.
final class RequestTargetMarker: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The path that replaces a target that is not a path.
    static let refusedPath = "/_limot/refused/"
    private var refusingConnect = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var part = unwrapInboundIn(data)
        if refusingConnect { return }
        if case .head(var head) = part {
            if head.method == .CONNECT {
                // After CONNECT the parser expects a tunnel, not requests:
                // answer here and close.
                refusingConnect = true
                refuseConnect(context: context, version: head.version)
                return
            }
            if !head.uri.hasPrefix("/") || head.uri.hasPrefix(Self.refusedPath) {
                head.uri = Self.refusedPath + "absolute-form"
                part = .head(head)
            }
        }
        context.fireChannelRead(wrapInboundOut(part))
    }

    private func refuseConnect(context: ChannelHandlerContext, version: HTTPVersion) {
        let body = "405 CONNECT is not supported: limot is not an open proxy.\n"
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .methodNotAllowed, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
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
            try channel.pipeline.syncOperations.addHandler(RequestTargetMarker(), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
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
