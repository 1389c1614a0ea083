import WebURL

/// Builds the requests of `limot rules match` lines straight from their
/// bytes, remembering what a run of lines repeats.
///
/// A flat line (see `RequestLine.Spans`) becomes a request without a
/// string per field: its URL is parsed once, through the shortcut for
/// canonical http(s) URLs when it takes it (most do, and most resource URLs
/// of a corpus are distinct, so a memo would only add a look-up); its page
/// is most often the previous line's, else found among the pages
/// already read by its bytes (a corpus names a few hundred), each
/// prepared once for the engine's decisions (`PreparedPage`); its type name is
/// one of the few a corpus uses, matched byte by byte. Any other line, and
/// any line whose request cannot be made, goes through `RequestLine.parse`
/// and `ResourceRequest(url:type:page:frame:method:urls:)`, which give the
/// same request and word what is wrong.
public struct MatchRequestReader {
    /// A request read from a line, its page prepared when the line names
    /// one, and its URL as the line writes it.
    public struct Read {
        public var request: ResourceRequest
        /// The request's page, for `ContentRuleEngine.decide(_:page:)`.
        public var page: PreparedPage?
        public var url: URLText
    }

    /// A request's URL as its line writes it.
    public enum URLText {
        /// The URL is these bytes of the line (a flat line has no escapes).
        case bytes(Range<Int>)
        /// As `bytes`, and the bytes need no escape in a JSON string: the
        /// canonical shortcut took them, so they hold no control character,
        /// and a flat line's string holds no quote or backslash. The writer
        /// then copies them without looking (`MatchLineWriter.write(_:plainURL:)`).
        case plainBytes(Range<Int>)
        /// The URL as the JSON parser decoded it.
        case string(String)
    }

    /// The engine the pages are prepared for.
    private let engine: ContentRuleEngine
    private var urls = ParsedURLMemo()
    /// The pages read so far, by their bytes.
    private var pages = PreparedPageMemo()
    /// Type names seen, with their types: a corpus uses a handful.
    private var typeNames: [TypeName] = []
    /// The most type names kept, so that memory stays bounded on any input.
    private static let typeNameCapacity = 64

    public init(engine: ContentRuleEngine) {
        self.engine = engine
    }

    /// The request of line `number`, or why it cannot be read.
    public mutating func request(from line: UnsafeBufferPointer<UInt8>, number: Int) -> Result<Read, RequestLineError> {
        var read: Read?
        if let error = withRequest(from: line, number: number, { read = Read(request: $0, page: $1, url: $2) }) { return .failure(error) }
        return .success(read!)
    }

    /// Hands the request of line `number` to `body` (with its page and URL
    /// text as `Read` holds them), or returns why it cannot be read. Lent
    /// where it is made rather than returned: a request returned inside a
    /// `Result` was copied, and destroyed through the `Result`'s generic
    /// value witnesses, some 600 instructions a line (callgrind, benchmark
    /// corpus); and in parts, not in a `Read`, which was destroyed through its own.
    public mutating func withRequest(from line: UnsafeBufferPointer<UInt8>, number: Int,
                                     _ body: (_ request: ResourceRequest, _ page: PreparedPage?, _ url: URLText) -> Void) -> RequestLineError? {
        if let spans = RequestLine.Spans(flat: line), flatRequest(line, spans, body) { return nil }
        switch RequestLine.parse(Array(line)[...], line: number) {
        case .failure(let error):
            return error
        case .success(let fields):
            do {
                let request = try ResourceRequest(url: fields.url, type: fields.type, page: fields.page, frame: fields.frame,
                                                  method: fields.method, urls: &urls)
                body(request, nil, .string(fields.url))
                return nil
            } catch {
                return RequestLineError(line: number, message: error.description)
            }
        }
    }

    /// Hands `body` the request of a flat line, as
    /// `ResourceRequest(url:type:page:frame:method:urls:)` makes it, and its
    /// page prepared when the line names one; false when that would throw
    /// (the caller then takes that path to word why). Made here whole, not
    /// gathered from parts: each copy of a request retains and releases its
    /// URLs' strings.
    private mutating func flatRequest(_ line: UnsafeBufferPointer<UInt8>, _ spans: RequestLine.Spans,
                                      _ body: (ResourceRequest, PreparedPage?, URLText) -> Void) -> Bool {
        func text(_ span: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[span]), as: UTF8.self) }
        let resource: WebURL
        var urlText = URLText.plainBytes(spans.url)
        if let url = WebURL(canonicalHTTP: UnsafeBufferPointer(rebasing: line[spans.url])) {
            resource = url
        } else if let url = try? urls.url(text(spans.url)) {
            (resource, urlText) = (url, .bytes(spans.url))
        } else {
            return false
        }
        var kind = ResourceTypes.topDocument
        if let span = spans.type {
            guard let known = type(named: UnsafeBufferPointer(rebasing: line[span])) else { return false }
            kind = known
        }
        var pageURL: WebURL?
        var prepared: PreparedPage?
        if let span = spans.page {
            guard let page = page(UnsafeBufferPointer(rebasing: line[span])) else { return false }
            (pageURL, prepared) = (page?.url, page)
        } else {
            pageURL = resource
        }
        // A page URL with no host (corpora record "http://" for unknown pages) is no page.
        // Asked through the optional, not bound: a binding would copy the URL.
        if pageURL?.isSpecial == true, pageURL?.hostnameRange.isEmpty == true { (pageURL, prepared) = (nil, nil) }
        var frameURL: WebURL?
        // Without a frame URL the context follows from the type alone; with
        // one, the initialiser compares it with the page's.
        var loadContext: LoadContexts? = ResourceRequest.loadContext(inPageFrame: kind)
        if let span = spans.frame, !span.isEmpty {
            guard let url = try? urls.url(text(span)) else { return false }
            (frameURL, loadContext) = (url, nil)
        }
        var method: RequestMethod? = .get
        if let span = spans.method {
            guard let known = RequestMethod(httpMethod: text(span)) else { return false }
            method = known
        }
        // Moved into the request, not copied (and the originals destroyed after).
        body(ResourceRequest(url: consume resource, type: kind, pageURL: consume pageURL, frameURL: consume frameURL, method: method,
                             loadContext: loadContext),
             prepared, urlText)
        return true
    }

    /// The page a line's "page" bytes name, prepared: `.some(nil)` for ""
    /// (no known page), nil when they are no URL.
    private mutating func page(_ bytes: UnsafeBufferPointer<UInt8>) -> PreparedPage?? {
        if bytes.isEmpty { return .some(nil) }
        if let known = pages.page(named: bytes) { return known.map { .some($0) } }
        var page: PreparedPage?
        if let url = WebURL(canonicalHTTP: bytes) ?? (try? urls.url(String(decoding: bytes, as: UTF8.self))) {
            page = engine.prepare(page: url)
        }
        pages.add(bytes, page: page)
        return page.map { .some($0) }
    }

    /// The type a line's "type" bytes name, as `ResourceTypes(requestName:)` reads them.
    private mutating func type(named bytes: UnsafeBufferPointer<UInt8>) -> ResourceTypes? {
        let key = TypeName.key(bytes)
        if let key {
            for entry in typeNames where entry.first == key.first && entry.last == key.last && entry.count == bytes.count {
                return entry.type
            }
        }
        guard let type = ResourceTypes(requestName: String(decoding: bytes, as: UTF8.self)) else { return nil }
        if let key, typeNames.count < Self.typeNameCapacity {
            typeNames.append(TypeName(first: key.first, last: key.last, count: bytes.count, type: type))
        }
        return type
    }

    /// A type name of at most 16 bytes, kept as its first and last eight
    /// (which overlap, or are zero-padded, for a shorter name) and its count:
    /// every name `ResourceTypes(requestName:)` knows fits but
    /// `object_subrequest`, which is read anew each time (as is any longer
    /// name, known or not). Compared as three integers, not as
    /// an array of bytes each (whose loop retained and released each array):
    /// `type(named:)` went from 81 to some 18 instructions a request (callgrind,
    /// benchmark corpus).
    private struct TypeName {
        var first: UInt64
        var last: UInt64
        var count: Int
        var type: ResourceTypes

        /// The first and last eight bytes of a name of at most 16 bytes (a
        /// shorter name's bytes, in order, zero-padded, as both), else nil.
        static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: UInt64, last: UInt64)? {
            guard let base = bytes.baseAddress, bytes.count <= 16 else { return nil }
            if bytes.count >= 8 { return (ByteScan.word(base, 0), ByteScan.word(base, bytes.count - 8)) }
            var word: UInt64 = 0
            for index in 0..<bytes.count { word |= UInt64(bytes[index]) << (8 * index) }
            return (word, word)
        }
    }
}
