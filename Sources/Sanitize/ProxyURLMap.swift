import ContentRules
import WebURL

/// Where each upstream URL lives on the proxy, and back.
///
/// - Documents of the dictionary site sit at the proxy's root:
///   `/path?query` ↔ `https://www.loghatnameh.de/path?query`.
/// - Subresources (of any host, the site's own included) sit under
///   `/_limot/sub/TYPE/SCHEME/HOST[:PORT]/path?query`, where TYPE is the
///   WebKit resource type they were found as, so the proxy decides them
///   with the right type when the browser fetches them.
/// - `/_limot/` is the proxy's own namespace and never maps to the site.
public struct ProxyURLMap: Sendable {
    /// The dictionary site's origin (`--home`'s origin).
    public let site: WebURL

    public init(site: WebURL) {
        self.site = site
    }

    /// The proxy path for a navigation to `url` (links, forms, refresh):
    /// a root path for the site's pages, nil for other hosts (left alone).
    public func documentPath(for url: WebURL) -> String? {
        nil
    }

    /// The proxy path for a subresource `url` loaded as `type`; nil when it
    /// cannot be proxied (not http/https).
    public func subresourcePath(for url: WebURL, type: ResourceTypes) -> String? {
        nil
    }

    /// What a proxy path (path and query, as the browser sent it) stands for.
    public func target(ofProxyPath path: String) -> ProxyTarget? {
        nil
    }
}

/// An upstream URL and how the browser is loading it.
public struct ProxyTarget: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A page of the site, at the proxy's root.
        case document
        /// A subresource, with the WebKit type it was found as.
        case subresource(ResourceTypes)
    }
    public var url: WebURL
    public var kind: Kind
    public init(url: WebURL, kind: Kind) {
        self.url = url
        self.kind = kind
    }
}
