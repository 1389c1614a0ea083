import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// `limot serve`: the proxy's HTTP server on loopback.
///
/// Runs until SIGINT or SIGTERM, then stops accepting connections and lets
/// requests in flight finish (graceful shutdown).
public struct ProxyServer: Sendable {
    public let configuration: ProxyConfiguration
    public let logger: Logger

    public init(configuration: ProxyConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Why the server cannot start.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Serves until a shutdown signal; `onReady` gets the bound port.
    public func run(onReady: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        guard configuration.allowsRemote || ProxyConfiguration.isLoopback(configuration.bindHost) else {
            throw StartError(description: "\(configuration.bindHost) is not a loopback address; limot serves only this machine unless --allow-remote is given")
        }
        let coreBox = CoreBox()
        let configuration = self.configuration
        let logger = self.logger
        let responder = CallbackResponder<ProxyRequestContext> { request, context in
            guard let router = coreBox.router else {
                return Response(status: .serviceUnavailable)
            }
            return try await router.respond(to: request, context: context)
        }
        var http1 = HTTP1Channel.Configuration(idleTimeout: .seconds(configuration.idleTimeoutSeconds))
        let limits = configuration.requestHeadLimits
        http1.httpDecoder = .init(maxHeaderFieldSize: limits.maxLineBytes, maxHeaderListSize: limits.maxHeadBytes, maxHeaderFieldCount: limits.maxHeaderCount)
        let app = Application(
            responder: responder,
            server: .guardedHTTP1(configuration: http1),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.bindHost, port: configuration.port),
                serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections)
            ),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let core = ProxyCore(configuration: configuration, port: port, logger: logger)
                coreBox.serve(core, router: core.router().buildResponder())
                onReady(port)
            },
            logger: logger
        )
        // Page views still waiting to be written are written, and the
        // cache's recency too, before the process ends.
        defer {
            coreBox.core?.sessions.flush()
            configuration.store?.flushUsage()
        }
        try await app.runService()
    }
}

/// Holds the core and its router once the port is known (the Host check
/// needs it).
private final class CoreBox: Sendable {
    private let box = Mutex<(core: ProxyCore, router: RouterResponder<ProxyRequestContext>)?>(nil)
    var core: ProxyCore? { box.withLock { $0?.core } }
    var router: RouterResponder<ProxyRequestContext>? { box.withLock { $0?.router } }

    func serve(_ core: ProxyCore, router: RouterResponder<ProxyRequestContext>) {
        box.withLock { $0 = (core, router) }
    }
}
