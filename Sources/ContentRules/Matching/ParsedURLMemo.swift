import WebURL

/// URLs already parsed, by their text, so that a run of request lines parses
/// each distinct URL once: a corpus names the same few pages over and over
/// (and a page that is the request's own URL), and a WHATWG parse costs more
/// than the look-up.
///
/// It remembers URLs only, never a decision. Failures are not kept (a bad
/// URL is parsed again to word its error); past `capacity` it starts over,
/// so that memory stays bounded on any input.
public struct ParsedURLMemo {
    /// The most URLs kept at once.
    public static let capacity = 1 << 16
    private var parsed: [String: WebURL] = [:]

    public init() {}

    /// The URL `text` parses to, as `WebURL(text)` gives it.
    public mutating func url(_ text: String) throws(WebURLError) -> WebURL {
        if let url = parsed[text] { return url }
        let url = try WebURL(text)
        if parsed.count >= Self.capacity { parsed.removeAll(keepingCapacity: true) }
        parsed[text] = url
        return url
    }
}
