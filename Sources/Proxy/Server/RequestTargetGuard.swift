import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Marks requests whose target is not a path before Hummingbird turns them
/// into `Request`s, which would silently reduce `GET http://evil/x` to `/x`:
/// absolute-form, authority-form (CONNECT) and asterisk-form targets are
/// rewritten to `/_limot/refused/...`, which `RequestGuard` answers with a
/// refusal. limot is not an open proxy and says so.
final class RequestTargetMarker: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// The path that replaces a target that is not a path.
    static let refusedPath = "/_limot/refused/"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var part = unwrapInboundIn(data)
        if case .head(var head) = part, !head.uri.hasPrefix("/") || head.uri.hasPrefix(Self.refusedPath) {
            head.uri = Self.refusedPath + (head.method == .CONNECT ? "connect" : "absolute-form")
            part = .head(head)
        }
        context.fireChannelRead(wrapInboundOut(part))
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
