import ContentRules
import WebURL

/// What happens to each URL of one document or style sheet: asks the rule
/// engine once per distinct URL and type, and collects what was blocked and
/// which hosts the page now loads through the proxy.
struct ResourcePolicy {
    let engine: ContentRuleEngine
    let urlMap: ProxyURLMap
    /// The top-level page (first/third party, `if-top-url`).
    let pageURL: WebURL
    /// The document the loads happen in (`if-frame-url`).
    let frameURL: WebURL
    /// What relative URLs resolve against (`<base href>`, a style sheet's URL).
    var base: WebURL { resolver.base }
    let resolver: ReferenceResolver
    /// The page's facts for the rule engine (registrable domain, domain
    /// keys), worked out once (by the sanitizer for the page, else at the
    /// first subresource) rather than for each. Spelled `Optional<…>`, not
    /// `PreparedPage?`: a `var` of the `?` spelling starts out nil, so the
    /// initialiser stored nil, released it and stored the page, and the
    /// optimiser then left the policy on the stack, copied out and destroyed
    /// through its outlined value witnesses (as `ResourceRequest` found).
    private(set) var preparedPage: Optional<PreparedPage>
    /// What the engine worked out from each host the page loads from, for
    /// the page's next first-seen URLs at that host (see `PageHostMemo`).
    private var hostMemo = PageHostMemo()

    private(set) var blocked: [BlockedResource] = []
    /// The hosts of the subresources routed through the proxy (and of URLs
    /// an inline script names and the rules let through).
    var hosts: Set<String> { routedHosts.set }
    /// `hosts`, each kept once by its bytes (see `RoutedHosts`).
    private var routedHosts = RoutedHosts()
    /// The load context of a load of each type, as `ResourceRequest`
    /// derives it when given none: passed to it, so that it does not
    /// compare the frame's and the page's serialisations for every load.
    private let loadsInChildFrame: Bool
    /// The request a subresource decision asks the engine, with the page's
    /// and the frame's URL in it from the start: each decision sets its
    /// URL, type and load context. A request made for each decision copied
    /// both URLs in and destroyed them after, through their value witnesses.
    private(set) var request: ResourceRequest
    /// The proxy paths that attribute URLs are given, as bytes (see
    /// `StoredValues`); made with the first.
    var storedValues: StoredValues?
    private var subresources: [ByteKey: Subresource] = [:]
    private var navigations: [ByteKey: Navigation] = [:]
    var attributeURLs = ByteCache<AttributeURL>()
    var attributeNavigations = ByteCache<AttributeNavigation>()
    /// Whether a link written as a canonical path of the site (see
    /// `CanonicalSitePath`) is kept without parsing: the base is an https
    /// page of the site without credentials, so the link names a page of
    /// the site that the proxy serves at the same path, and no rule is
    /// asked (navigations to the site's own https pages never are).
    let keepsCanonicalSitePaths: Bool
    /// The site's origin as written in a link (`https://www.loghatnameh.de`).
    let siteOrigin: [UInt8]

    /// A subresource's fate.
    enum Subresource: Equatable {
        /// Not an http(s) load limot can route (data:, a fragment, garbage):
        /// written as it was; the proxy's Content-Security-Policy decides it.
        case unchanged
        /// Blocked by a rule, or not loadable through the proxy: the element,
        /// candidate or URL goes.
        case blocked
        /// Routed through the proxy at `path`; `fragment` is the URL's own.
        case proxied(path: String, fragment: String?)
    }

    /// A navigation's target.
    enum Navigation: Equatable {
        /// `#top`, `javascript:`, `mailto:` and what does not parse.
        case unchanged
        /// A page of the site, at its proxy path (fragment included).
        case site(String)
        /// Another site: the absolute URL, opened without opener or referrer.
        case external(String)
    }

    /// `page`, when given, is `engine.prepare(page:)` of the context's top page.
    init(context: SanitizeContext, base: WebURL, page: PreparedPage? = nil) {
        preparedPage = page
        engine = context.engine
        urlMap = context.urlMap
        pageURL = context.topURL ?? context.documentURL
        frameURL = context.documentURL
        loadsInChildFrame = frameURL.serialization != pageURL.serialization
        // No frame URL when the frame is the page: the engine then reads the
        // page's bytes for the frame's, the same bytes, without borrowing a
        // second URL's for each decision.
        request = ResourceRequest(url: pageURL, type: .other, pageURL: pageURL, frameURL: loadsInChildFrame ? frameURL : nil,
                                  method: .get, loadContext: .topFrame)
        resolver = ReferenceResolver(base: base)
        // The origin's bytes as the map keeps them (they are empty for a
        // site without an http(s) origin, whose links `isSite` never
        // matches, so that `keepsCanonicalSitePaths` is false then).
        self.siteOrigin = context.urlMap.siteOriginBytes
        keepsCanonicalSitePaths = base.isHTTPS && context.urlMap.isSite(base)
    }

    /// Decides a subresource URL (character references decoded), loaded as `type`.
    mutating func subresource(_ raw: String, type: ResourceTypes) -> Subresource {
        let key = ByteKey(raw, tag: type.rawValue)
        if let known = subresources[key] { return known }
        let outcome = decide(raw, type: type)
        subresources[key] = outcome
        return outcome
    }

    /// `subresource(_:type:)` without its memo, for a caller that keeps its
    /// own (an attribute's URL, remembered by the bytes as written): the
    /// decision is the same, and the memo's key and entry for a URL that
    /// is then asked again by its bytes were the dearest part of a
    /// distinct URL after the rules.
    mutating func decide(_ raw: String, type: ResourceTypes) -> Subresource {
        var raw = raw
        return raw.withUTF8 { decide($0, type: type) }
    }

    /// `decide(_:type:)` of a URL's UTF-8 bytes (valid UTF-8).
    mutating func decide(_ raw: UnsafeBufferPointer<UInt8>, type: ResourceTypes) -> Subresource {
        guard !Self.isLocalReference(raw), let resolved = resolver.resolveHTTP(raw) else { return .unchanged }
        return decide(resolved, type: type)
    }

    /// `decide(_:type:)` of a URL already resolved, an http(s) one, taken
    /// (`consuming`) to be moved into the request (see `allows`).
    private mutating func decide(_ resolved: consuming WebURL, type: ResourceTypes) -> Subresource {
        let fragment = resolved.fragment
        guard allows(consume resolved, type: type), let path = urlMap.subresourcePath(for: request.url, type: type) else {
            // Blocked; or credentials or a dot-segment host, which a proxy
            // path cannot carry. Left as written, the URL would load from
            // its host directly, and a kept script's nonce would let it past
            // the proxy's CSP. Chrome blocks loads with credentials too.
            return .blocked
        }
        Self.insertHost(of: request.url, into: &routedHosts)
        return .proxied(path: path, fragment: fragment)
    }

    /// Whether the rules let `resolved` (an http(s) URL) load as `type`;
    /// `request.url` is then the URL to route (upgraded to https where the
    /// rules say so), for the caller to make its proxy path of. What is
    /// blocked is recorded. The proxy path is the caller's to make: a
    /// String for `decide`, bytes for an attribute (`StoredValues`).
    /// `resolved` is taken, to be moved into the request: copied in, and
    /// destroyed after by the caller, it cost about 140 instructions a
    /// first-seen image (p58k-images, callgrind).
    mutating func allows(_ resolved: consuming WebURL, type: ResourceTypes) -> Bool {
        let page = preparedPage ?? engine.prepare(page: pageURL)
        preparedPage = page
        // The URL is made in the request and read from there: a local copy
        // put in it cost a copy and a destroy more (about 35 instructions a
        // decision, fixture pages, callgrind). Most URLs have no fragment.
        if resolved.hasFragment {
            request.url = resolved.removingFragment
        } else {
            request.url = consume resolved
        }
        request.type = type
        request.loadContext = loadContext(of: type)
        let decision = engine.decide(request, page: page, hosts: &hostMemo)
        if decision.isBlocked {
            record(BlockedResource(url: request.url.serialization, type: type, rules: decision.blockingRecordNames))
            return false
        }
        if decision.makesHTTPS { request.url = request.url.withScheme("https") }
        return true
    }

    /// What the rules say of a load whose URL is read in place.
    enum CanonicalLoad {
        case blocked
        /// Allowed as it is: routed from its bytes.
        case allowed
        /// Allowed once made https (`make-https`): `request.url` is the URL to route.
        case upgraded
    }

    /// `allows(_:type:)` of a URL read in place (see `CanonicalHTTPBytes`),
    /// decided from its bytes (its fragment left out): a URL allowed as it
    /// is is never made a `WebURL`, nor put in the request (whose `url` is
    /// then not this load's). Blocked, it is recorded as `allows` records it.
    mutating func allows(canonical url: CanonicalHTTPBytes, type: ResourceTypes) -> CanonicalLoad {
        let page = preparedPage ?? engine.prepare(page: pageURL)
        preparedPage = page
        let load = url.removingFragment
        request.type = type
        request.loadContext = loadContext(of: type)
        let decision = engine.decide(canonical: load, as: request, page: page, hosts: &hostMemo)
        if decision.isBlocked {
            // The URL's serialisation, as `allows` records it.
            record(BlockedResource(url: String(decoding: load.bytes, as: UTF8.self), type: type, rules: decision.blockingRecordNames))
            return .blocked
        }
        guard decision.makesHTTPS else { return .allowed }
        request.url = load.makeWebURL().withScheme("https")
        return .upgraded
    }

    /// Adds a blocked load to `blocked` unless it is there.
    private mutating func record(_ record: BlockedResource) {
        if !isRecorded(record) {
            // Room for a page's blocked loads at once (about 14 on a result
            // page), where the array grew from empty through 1, 2, 4 and 8.
            if blocked.isEmpty { blocked.reserveCapacity(16) }
            blocked.append(record)
        }
    }

    /// Whether `blocked` holds `record`. A record whose URL is of another
    /// length is passed over without comparing the two Strings (most are:
    /// the generic comparison of whole records cost about 180 instructions
    /// a blocked load on the fixture pages, callgrind).
    private func isRecorded(_ record: BlockedResource) -> Bool {
        let count = record.url.utf8.count
        return blocked.contains { $0.url.utf8.count == count && $0 == record }
    }

    /// What `ResourceRequest` derives when given no load context: a load
    /// in a frame other than the page's is the child frame's, except a
    /// document's, which is its own frame's.
    private func loadContext(of type: ResourceTypes) -> LoadContexts {
        if loadsInChildFrame, type != .topDocument, type != .childDocument { return .childFrame }
        return ResourceRequest.loadContext(inPageFrame: type)
    }

    /// Adds `url`'s host to `hosts`, made into a String only the first time.
    /// The serialisation's bytes are borrowed where they lie (a WebURL's is
    /// native), not from a copy of it. Static, so that `decide` hands over
    /// `request.url` and `routedHosts`, two stored properties, side by side:
    /// as a mutating method reading the URL from its argument, the request's
    /// URL's serialisation was retained twice and released twice around
    /// the borrow (213 -> 170 instructions a routed URL, p58k-images,
    /// callgrind).
    static func insertHost(of url: WebURL, into hosts: inout RoutedHosts) {
        let range = url.hostnameRange
        if url.serialization.utf8.withContiguousStorageIfAvailable({ hosts.insert(UnsafeBufferPointer(rebasing: $0[range])) }) == nil {
            var serialization = url.serialization
            serialization.withUTF8 { hosts.insert(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    /// `insertHost(of:into:)` of the request's URL, for a caller in another
    /// file (`routedHosts` is this file's): the two stored properties are
    /// handed over side by side, without the URL's retain and release.
    mutating func insertRequestHost() {
        Self.insertHost(of: request.url, into: &routedHosts)
    }

    /// Adds the host `host` (the bytes of one) to `hosts`, for a URL routed from its bytes.
    mutating func insertHost(_ host: UnsafeBufferPointer<UInt8>) {
        routedHosts.insert(host)
    }

    /// The types a URL named in an inline script's text is decided as: the
    /// script may load it as any of them, or go there.
    static let scriptNamedTypes: [ResourceTypes] = [.script, .childDocument, .image, .fetch, .ping, .styleSheet, .media, .other, .topDocument]

    /// Whether the rules block a URL written in an inline script's text as
    /// any of `scriptNamedTypes`; the first type that is blocked is
    /// recorded with its rules, as a blocked load. A URL that is not blocked
    /// is not rewritten (the guard script routes it when the script uses
    /// it), but its host counts as one the page uses.
    mutating func blocksScriptNamedURL(_ raw: String) -> Bool {
        let key = ByteKey(raw, tag: UInt32.max)
        if let known = subresources[key] { return known == .blocked }
        var blocked = false
        if let url = resolver.resolveHTTP(raw) {
            // Resolved once for the nine types, where `decide(raw, type:)` resolved it for each.
            blocked = !Self.isLocalReference(raw) && Self.scriptNamedTypes.contains { decide(url, type: $0) == .blocked }
            if !blocked { Self.insertHost(of: url, into: &routedHosts) }
        }
        subresources[key] = blocked ? .blocked : .unchanged
        return blocked
    }

    /// Takes over what a nested document (an iframe's `srcdoc`) blocked and routed.
    mutating func absorb(blocked others: [BlockedResource], hosts otherHosts: Set<String>) {
        for record in others where !isRecorded(record) { blocked.append(record) }
        for host in otherHosts { routedHosts.insert(host) }
    }

    /// Decides where a link, form or refresh goes.
    mutating func navigation(_ raw: String) -> Navigation {
        let key = ByteKey(raw, tag: 0)
        if let known = navigations[key] { return known }
        let outcome = navigate(raw)
        navigations[key] = outcome
        return outcome
    }

    /// `navigation(_:)` without its memo, for a caller that keeps its own.
    func navigate(_ raw: String) -> Navigation {
        var raw = raw
        return raw.withUTF8 { navigate($0) }
    }

    /// `navigate(_:)` of a link's UTF-8 bytes (valid UTF-8).
    func navigate(_ raw: UnsafeBufferPointer<UInt8>) -> Navigation {
        // Only http(s) URLs go anywhere but `.unchanged` (see `target(of:)`).
        guard !Self.isLocalReference(raw), var url = resolver.resolveHTTP(raw) else { return .unchanged }
        return target(of: &url)
    }

    /// Where a navigation to an absolute URL goes (a form without action
    /// posts to its document, whatever the base). Another site's page that
    /// the rules block goes to the proxy's leave address, which shows why;
    /// a script that clicks such a link (in a new window too) gets no further.
    func target(of url: inout WebURL) -> Navigation {
        guard url.isHTTP || url.isHTTPS else { return .unchanged }
        let isSite = urlMap.isSite(url)
        if url.isHTTP || !isSite {
            // make-https applies to navigations too, as WebKit applies it to top documents.
            let page = url.hasFragment ? url.removingFragment : url
            let decision = engine.decide(ResourceRequest(url: page, type: .topDocument, pageURL: page, method: .get))
            if !isSite, decision.isBlocked { return .external(ProxyURLMap.leavePath(for: url)) }
            if decision.makesHTTPS { url = url.withScheme("https") }
        }
        if let path = urlMap.documentPath(for: url) {
            // Most links have no fragment: their path is not appended to.
            guard let fragment = url.fragment else { return .site(path) }
            return .site(path + "#" + fragment)
        }
        return .external(url.serialization)
    }

    /// `#id` and empty references point into the document itself: nothing
    /// is loaded and nothing is to be rewritten (CSS `url(#clip)` included).
    static func isLocalReference(_ raw: String) -> Bool {
        var raw = raw
        return raw.withUTF8 { isLocalReference($0) }
    }

    /// `isLocalReference(_:)` of a reference's UTF-8 bytes.
    static func isLocalReference(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in raw {
            if byte <= 0x20 { continue }
            return byte == UInt8(ascii: "#")
        }
        return true
    }
}
