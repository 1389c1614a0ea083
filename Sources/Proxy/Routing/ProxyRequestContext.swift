import Hummingbird
import Synchronization

/// What one request carries through limot's router besides the request: the
/// exchange a route worked on, for `ExchangeMiddleware` to finish and log.
///
/// Hummingbird hands the context down by value, so a route's changes reach
/// the middleware through a reference, as Hummingbird's own `EndpointPath`
/// reports the matched route back to its tracing middleware.
struct ProxyRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// Where the route leaves its exchange (session, cookies to set, what was blocked).
    let exchange = ExchangeSlot()

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }

    /// Holds the exchange of the route that answered; empty when none did
    /// (a refused request, an address no route takes).
    final class ExchangeSlot: Sendable {
        private let box = Mutex<Exchange?>(nil)

        /// The route's exchange once it has answered.
        var value: Exchange? {
            get { box.withLock { $0 } }
            set { box.withLock { $0 = newValue } }
        }
    }
}
