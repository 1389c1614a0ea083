import WebURL

/// One HTTP header field, in the order it was sent or received.
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension HTTPHeader {
    /// Header names compare ASCII case-insensitively (and quickly: this runs
    /// for every header of every response).
    static func namesMatch(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return zip(a.utf8, b.utf8).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
        }
    }
}

extension Array where Element == HTTPHeader {
    /// The first value of the header `name` (case-insensitive), if any.
    public func first(named name: String) -> String? {
        first { HTTPHeader.namesMatch($0.name, name) }?.value
    }
    /// Every value of the header `name` (case-insensitive), in order.
    public func all(named name: String) -> [String] {
        filter { HTTPHeader.namesMatch($0.name, name) }.map(\.value)
    }
}

/// What to fetch. The client adds `Accept-Encoding` itself and decodes the body.
public struct FetchRequest: Sendable {
    public var url: WebURL
    public var method: String
    /// Sent as given (Cookie, Accept, Accept-Language, Content-Type, …).
    /// Hop-by-hop headers and `Host` are the client's business and are ignored.
    public var headers: [HTTPHeader]
    public var body: [UInt8]?
    public init(url: WebURL, method: String = "GET", headers: [HTTPHeader] = [], body: [UInt8]? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}

/// A complete, decoded answer.
public struct FetchResponse: Sendable {
    /// The URL that answered, after redirects.
    public var url: WebURL
    /// Every URL visited before `url`, in order (empty without redirects).
    public var redirects: [WebURL]
    public var status: Int
    /// Response headers of the final hop. `Content-Encoding` and
    /// `Content-Length` describe the wire, not `body`, and are removed.
    public var headers: [HTTPHeader]
    /// The body after content decoding (gzip, deflate, br), never larger
    /// than `FetchLimits.maxBodyBytes`.
    public var body: [UInt8]
    /// "1.1" or "2".
    public var httpVersion: String
    public init(url: WebURL, redirects: [WebURL], status: Int, headers: [HTTPHeader], body: [UInt8], httpVersion: String) {
        self.url = url
        self.redirects = redirects
        self.status = status
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
    }
}

/// Whether a redirect hop may be followed; asked before every hop.
public enum RedirectVerdict: Sendable, Equatable {
    case follow
    /// Stops with `FetchError.Kind.redirectRefused` carrying `reason`.
    case refuse(reason: String)
}

/// Told how much of a body has arrived, as it arrives (curl's transfer
/// progress): `expected` is the announced length, nil when the server did not
/// say. Called on the client's transfer thread, so it must return quickly.
public typealias TransferProgress = @Sendable (_ received: Int64, _ expected: Int64?) -> Void

/// Asked for each redirect hop, with the URL redirected from and to.
public typealias RedirectPolicy = @Sendable (_ from: WebURL, _ to: WebURL) -> RedirectVerdict
