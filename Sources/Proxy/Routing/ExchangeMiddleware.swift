import HTTPTypes
import Hummingbird
import Logging

/// What runs for every request, around whichever route answers it: the
/// request guard (a refused request reaches no route), the answer when no
/// route takes the request, the exchange's cookies (`Exchange.finish`) and
/// the access log line.
///
/// The router has matched the path before this runs, but no route has run.
struct ExchangeMiddleware: RouterMiddleware {
    typealias Context = ProxyRequestContext
    let core: ProxyCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        var exchange: Exchange
        let response: Response
        if let refusal = refusal(of: request) {
            exchange = Exchange(request: request, core: core)
            // A refused connection is not kept: after CONNECT the peer may
            // already be sending something that is not HTTP.
            var refused = exchange.page(ProxyError(status: refusal.status, title: refusal.title, detail: refusal.detail), withBar: false)
            refused.headers[.connection] = "close"
            response = refused
        } else {
            do {
                let routed = try await next(request, context)
                // Each route leaves its exchange (`ProxyCore.route(_:in:_:)`).
                exchange = context.exchange.value ?? Exchange(request: request, core: core)
                response = routed
            } catch let error as HTTPError where error.status == .notFound {
                // Hummingbird's router found no route for the path and method.
                exchange = Exchange(request: request, core: core)
                response = await core.unrouted(exchange: &exchange)
            }
        }
        log(request, status: response.status, since: started, blocked: exchange.blockedCount)
        return exchange.finish(response)
    }

    /// Why the request is refused before any route: a request target the
    /// server marked as refused while reading it, a CONNECT, a foreign Host.
    private func refusal(of request: Request) -> RequestGuard.Refusal? {
        let path = request.uri.path
        if path.hasPrefix(RequestTargetMarker.refusedPath) {
            return RequestGuard.refusal(marker: path.dropFirst(RequestTargetMarker.refusedPath.count), limits: core.configuration.requestHeadLimits)
        }
        return core.requestGuard.check(method: request.method.rawValue, target: request.uri.string, host: request.head.authority)
    }

    /// One access line: method, target, status, milliseconds, and how many
    /// requests of the page the rules blocked.
    private func log(_ request: Request, status: HTTPResponse.Status, since started: ContinuousClock.Instant, blocked: Int) {
        guard core.logger.logLevel <= .info else { return }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        var metadata: Logger.Metadata = ["ms": "\(Int(milliseconds.rounded()))"]
        if blocked > 0 { metadata["blocked"] = "\(blocked)" }
        core.logger.info("\(request.method.rawValue) \(request.uri.string.prefix(300)) \(status.code)", metadata: metadata)
    }
}
