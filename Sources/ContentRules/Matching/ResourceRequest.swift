import WebURL

/// One load to decide: what WebKit's `ResourceLoadInfo` describes.
public struct ResourceRequest: Sendable {
    /// The resource's URL, canonicalised as a browser would.
    public var url: WebURL
    /// The kind of load (a single type).
    public var type: ResourceTypes
    // The two optional URLs are spelled `Optional<WebURL>`, not `WebURL?`:
    // a `var` of the `?` spelling starts out nil, so the initialiser stored
    // nil, then released it and stored the URL, and the optimiser then left
    // `self` on the stack, copied out to be returned and destroyed there: an
    // outlined copy and destroy of the whole request (three URLs) through its
    // value witnesses for each request made. Spelled out, the fields are set
    // once and the request is moved: `rules match` on the benchmark corpus
    // 11,049 → 10,563 instructions a request (callgrind).
    /// The top-level page's URL (`if-domain`, `if-top-url`, first/third party).
    public var pageURL: Optional<WebURL>
    /// The URL of the frame the load happens in (`if-frame-url`).
    public var frameURL: Optional<WebURL>
    /// The HTTP method; nil when unknown (then `request-method` rules never apply, as in WebKit).
    public var method: RequestMethod?
    /// Top frame or child frame; derived from the type and URLs unless set.
    public var loadContext: LoadContexts

    /// - Parameters:
    ///   - pageURL: nil means the load has no known page: it counts as
    ///     third-party and page conditions see an empty URL.
    ///   - frameURL: nil means the page itself.
    public init(url: consuming WebURL, type: ResourceTypes, pageURL: consuming WebURL?, frameURL: consuming WebURL? = nil,
                method: RequestMethod? = .get, loadContext: LoadContexts? = nil) {
        var context = loadContext ?? Self.loadContext(inPageFrame: type)
        if loadContext == nil, type != .topDocument, type != .childDocument, let frame = frameURL?.serialization,
           let page = pageURL?.serialization, frame != page {
            context = .childFrame
        }
        // The URLs moved in, not copied: copied, and the parameters destroyed
        // after, they went through the generic value witnesses of
        // `Optional<WebURL>`, some 280 instructions a request (callgrind,
        // `rules match` on the benchmark corpus).
        self.url = consume url
        self.type = type
        self.pageURL = consume pageURL
        self.frameURL = consume frameURL
        self.method = method
        self.loadContext = context
    }

    /// The load context of a load of this type in the page's own frame (no
    /// frame URL, or the page's): a child document's is the child frame it
    /// makes, any other load's the top frame. A caller that knows the load
    /// has no frame URL passes it to the initialiser, which then does not
    /// compare URLs.
    public static func loadContext(inPageFrame type: ResourceTypes) -> LoadContexts {
        type == .childDocument ? .childFrame : .topFrame
    }

    /// Whether the resource is on another site than the page, by registrable
    /// domain (Public Suffix List), as WebKit's `isThirdParty`. Reads the
    /// URLs' bytes without building strings: it runs for every decision.
    public func isThirdParty(publicSuffixList: PublicSuffixList) -> Bool {
        guard let pageURL else { return true }
        var (pageText, text) = (pageURL.serialization, url.serialization)
        return pageText.withUTF8 { page in
            text.withUTF8 { resource in
                Self.isThirdParty(host: UnsafeBufferPointer(rebasing: resource[url.hostnameRange]),
                                  pageHost: UnsafeBufferPointer(rebasing: page[pageURL.hostnameRange]), publicSuffixList: publicSuffixList)
            }
        }
    }

    /// `isThirdParty(publicSuffixList:)` on a prepared page, whose
    /// registrable domain is looked up the first time a load needs it.
    func isThirdParty(page: PreparedPage) -> Bool {
        guard let pageURL else { return true }
        var (pageText, text) = (pageURL.serialization, url.serialization)
        return pageText.withUTF8 { pageBytes in
            text.withUTF8 { resource in
                Self.isThirdParty(host: UnsafeBufferPointer(rebasing: resource[url.hostnameRange]),
                                  pageHost: UnsafeBufferPointer(rebasing: pageBytes[pageURL.hostnameRange]), page: page)
            }
        }
    }

    /// `isThirdParty(host:pageHost:pageRegistrableStart:)` with the page's
    /// registrable domain looked up only when it can matter: a load from the
    /// page's own host (every link the sanitizer decides as a page of its
    /// own) is first party without the Public Suffix List, unless the host
    /// has capitals (an opaque host), which the comparison below treats
    /// apart; a load from a host that does not end with the page host's last
    /// two labels is third party without it (`isOnAnotherSiteByAnyList`).
    /// The look-up was about 2% of the proxy's CPU on a new page.
    static func isThirdParty(host: UnsafeBufferPointer<UInt8>, pageHost: UnsafeBufferPointer<UInt8>, publicSuffixList: PublicSuffixList) -> Bool {
        isThirdParty(host: host, pageHost: pageHost) { publicSuffixList.registrableDomainStart(inASCII: pageHost) }
    }

    /// `isThirdParty(host:pageHost:publicSuffixList:)` on a prepared page
    /// (`pageHost` is its URL's host), which keeps its registrable domain
    /// once looked up.
    static func isThirdParty(host: UnsafeBufferPointer<UInt8>, pageHost: UnsafeBufferPointer<UInt8>, page: PreparedPage) -> Bool {
        isThirdParty(host: host, pageHost: pageHost) { page.registrableStart }
    }

    /// The shortcuts of `isThirdParty(host:pageHost:publicSuffixList:)`,
    /// then the comparison with the registrable domain's start that
    /// `registrableStart` looks up (called for a non-empty page host only).
    @inline(__always)
    private static func isThirdParty(host: UnsafeBufferPointer<UInt8>, pageHost: UnsafeBufferPointer<UInt8>,
                                     registrableStart: () -> Int?) -> Bool {
        // Compared a word at a time: the generic `elementsEqual` cost about
        // 100 instructions a request of `rules match` (callgrind).
        if !host.isEmpty, ByteScan.same(host, pageHost), !pageHost.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return false }
        if isOnAnotherSiteByAnyList(host: host, pageHost: pageHost) { return true }
        return isThirdParty(host: host, pageHost: pageHost, pageRegistrableStart: pageHost.isEmpty ? nil : registrableStart())
    }

    /// Whether `host` is on another site than `pageHost` whatever the
    /// Public Suffix List says (false: the list decides). The page's site is
    /// its registrable domain, a public suffix of at least one label and the
    /// label before it, or else its whole host: either way it ends with the
    /// page host's last two labels (its whole host when it has fewer, a
    /// trailing dot kept), and a host on that site ends with them too, at
    /// a label's start. On the benchmark corpus 409 of 474 pages have no
    /// load that does, and so are never looked up in the list (about 6,800
    /// instructions each in libpsl, callgrind): `rules match` 10,563 →
    /// 10,303 instructions a request. Capitals in those labels (an opaque
    /// host) leave it to the list, as the site is then compared lower-cased.
    static func isOnAnotherSiteByAnyList(host: UnsafeBufferPointer<UInt8>, pageHost: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !host.isEmpty, !pageHost.isEmpty else { return false }
        var start = pageHost.count
        if pageHost[start - 1] == UInt8(ascii: ".") { start -= 1 }
        var dots = 0
        while start > 0 {
            if pageHost[start - 1] == UInt8(ascii: ".") {
                dots += 1
                if dots == 2 { break }
            }
            start -= 1
        }
        let length = pageHost.count - start
        guard host.count >= length else { return true }
        let offset = host.count - length
        if offset > 0 && host[offset - 1] != UInt8(ascii: ".") { return true }
        for index in 0..<length {
            let byte = pageHost[start + index]
            if byte >= 0x41 && byte <= 0x5A { return false }
            if host[offset + index] != byte { return true }
        }
        return false
    }

    /// Whether a resource's host is on another site than the page's host,
    /// whose registrable domain starts at `registrable` (nil: none, the
    /// whole host is its site). Both are ASCII (hosts as `WebURL` keeps them).
    @inline(__always)
    static func isThirdParty(host: UnsafeBufferPointer<UInt8>, pageHost: UnsafeBufferPointer<UInt8>, pageRegistrableStart registrable: Int?) -> Bool {
        if pageHost.isEmpty || host.isEmpty { return !(pageHost.isEmpty && host.isEmpty) }
        // The page's site: its registrable domain (lower-cased), else its whole host.
        let siteStart = registrable ?? 0
        let siteLength = pageHost.count - siteStart
        guard host.count >= siteLength else { return true }
        let offset = host.count - siteLength
        if offset > 0 && host[offset - 1] != UInt8(ascii: ".") { return true }
        for index in 0..<siteLength {
            var siteByte = pageHost[siteStart + index]
            if registrable != nil, siteByte >= 0x41, siteByte <= 0x5A { siteByte |= 0x20 }
            if host[offset + index] != siteByte { return true }
        }
        return false
    }
}

/// Why a request description could not be used.
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    public var field: String
    public var message: String

    public var description: String { "\(field): \(message)" }
}

extension ResourceRequest {
    /// Builds a request from the strings of a `limot rules match` line.
    public init(url: String, type: String?, page: String?, frame: String?, method: String?) throws(RequestError) {
        var urls = ParsedURLMemo()
        try self.init(url: url, type: type, page: page, frame: frame, method: method, urls: &urls)
    }

    /// Builds a request from the strings of a `limot rules match` line,
    /// parsing through `urls` the URLs it has not seen yet.
    public init(url: String, type: String?, page: String?, frame: String?, method: String?, urls: inout ParsedURLMemo) throws(RequestError) {
        let resource: WebURL
        do { resource = try urls.url(url) } catch { throw RequestError(field: "url", message: "\"\(url)\" is not a valid URL (\(error))") }
        let kind: ResourceTypes
        if let type {
            guard let parsed = ResourceTypes(requestName: type) else {
                throw RequestError(field: "type", message: "\"\(type)\" is not a resource type (use top-document, child-document, image, style-sheet, script, font, svg-document, media, popup, ping, fetch, websocket, csp-report or other)")
            }
            kind = parsed
        } else {
            kind = .topDocument
        }
        func parse(_ field: String, _ value: String?) throws(RequestError) -> WebURL? {
            guard let value, !value.isEmpty else { return nil }
            do { return try urls.url(value) } catch { throw RequestError(field: field, message: "\"\(value)\" is not a valid URL (\(error))") }
        }
        var pageURL = try parse("page", page)
        if page == nil { pageURL = resource }
        // A page URL with no host (corpora record "http://" for unknown pages) is no page.
        if let candidate = pageURL, candidate.isSpecial, candidate.hostname.isEmpty { pageURL = nil }
        let frameURL = try parse("frame", frame)
        var requestMethod: RequestMethod? = .get
        if let method {
            guard let parsed = RequestMethod(httpMethod: method) else {
                throw RequestError(field: "method", message: "\"\(method)\" is not an HTTP method limot knows")
            }
            requestMethod = parsed
        }
        self.init(url: resource, type: kind, pageURL: pageURL, frameURL: frameURL, method: requestMethod)
    }
}
