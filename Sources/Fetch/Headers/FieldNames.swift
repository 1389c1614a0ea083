import HTTPTypes

/// Field names the client and its cache treat specially that swift-http-types
/// does not name (legacy and hop-by-hop ones), declared once as its
/// documentation suggests.
extension HTTPField.Name {
    static let keepAlive = Self("Keep-Alive")!
    static let proxyConnection = Self("Proxy-Connection")!
    static let http2Settings = Self("HTTP2-Settings")!
    static let setCookie2 = Self("Set-Cookie2")!
    static let pragma = Self("Pragma")!
    /// Not `.host`: swift-http-types marks that unavailable (HTTP/2 and 3
    /// send the authority instead), but an HTTP/1.1 caller may still set it.
    static let hostField = Self("Host")!
}
