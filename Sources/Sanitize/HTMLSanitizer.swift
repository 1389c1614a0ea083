import CLibXML2
import ContentRules
import WebURL

/// A resource left out of a page because a rule blocked it.
public struct BlockedResource: Sendable, Equatable {
    public var url: String
    public var type: ResourceTypes
    /// "file#index" of the rules that decided it (the file as the rule list
    /// was loaded, the rule's index in it).
    public var rules: [String]
    public init(url: String, type: ResourceTypes, rules: [String]) {
        self.url = url
        self.type = type
        self.rules = rules
    }
}

/// What to sanitize against.
public struct SanitizeContext: Sendable {
    /// The document's own URL: the base for relative URLs.
    public var documentURL: WebURL
    /// The top-level page, for rule decisions (first/third party,
    /// `if-top-url`); nil when the document is itself the top page.
    public var topURL: WebURL?
    public var engine: ContentRuleEngine
    public var urlMap: ProxyURLMap
    public init(documentURL: WebURL, topURL: WebURL? = nil, engine: ContentRuleEngine, urlMap: ProxyURLMap) {
        self.documentURL = documentURL
        self.topURL = topURL
        self.engine = engine
        self.urlMap = urlMap
    }
}

/// HTML in (UTF-8), sanitized HTML out.
///
/// The page is parsed by libxml2 (tolerant of any markup) and written back
/// by limot's own serializer in one walk over the tree: every subresource is
/// classified by its WebKit resource type and decided by the rule engine
/// (blocked ones leave with their element), every URL the browser would load
/// is routed through the proxy, links to the site stay on the proxy, and the
/// css-display-none rules become one `<style>` at the start of the head.
/// Text comes out byte for byte (UTF-8, ZWNJ, `dir` and all).
public enum HTMLSanitizer {
    /// What limot writes first in every head: the proxy serves UTF-8.
    static let charsetDeclaration = Array(#"<meta charset="utf-8">"#.utf8)

    public static func sanitize(_ html: [UInt8], context: SanitizeContext) -> SanitizedDocument {
        let selectors = hiddenSelectors(context: context)
        var prefix = charsetDeclaration
        if let style = HiddenStyle.element(for: selectors) { prefix += style }
        var document = sanitize(html, context: context, base: context.documentURL, nestingDepth: 0, headPrefix: prefix)
        document.hiddenSelectors = selectors
        return document
    }

    /// A document inside another (`srcdoc`), or the page itself at depth 0.
    static func sanitize(_ html: [UInt8], context: SanitizeContext, base: WebURL, nestingDepth: Int, headPrefix: [UInt8] = []) -> SanitizedDocument {
        HTMLParsing.withDocument(html) { document in
            var walker = DocumentWalker(
                context: context, base: document.flatMap { baseURL(of: $0, relativeTo: base) } ?? base,
                headPrefix: headPrefix, nestingDepth: nestingDepth, capacity: html.count + html.count / 8 + headPrefix.count)
            walker.walk(document)
            return SanitizedDocument(
                segments: walker.writer.segments(), blocked: walker.policy.blocked, hiddenSelectors: [],
                subresourceHosts: walker.policy.hosts)
        }
    }

    /// The css-display-none selectors for this document, as WebKit decides
    /// them for the document's own load; duplicates and selectors that could
    /// break out of a style rule are left out.
    static func hiddenSelectors(context: SanitizeContext) -> [String] {
        let url = context.documentURL.removingFragment
        let request: ResourceRequest
        if let top = context.topURL {
            request = ResourceRequest(url: url, type: .childDocument, pageURL: top.removingFragment, frameURL: url, method: .get)
        } else {
            request = ResourceRequest(url: url, type: .topDocument, pageURL: url, frameURL: url, method: .get)
        }
        var seen: Set<String> = []
        return context.engine.decide(request).hiddenSelectors.filter {
            HiddenStyle.shape(of: $0) != .unsafe && seen.insert($0).inserted
        }
    }

    /// The first `<base href>` in tree order, resolved, when it is an
    /// http(s) URL (browsers ignore others).
    static func baseURL(of document: xmlDocPtr, relativeTo documentURL: WebURL) -> WebURL? {
        var node = document.pointee.children
        while let current = node {
            if current.isElement {
                let name = current.name
                if name[0] == UInt8(ascii: "b"), name[1] == UInt8(ascii: "a"), name[2] == UInt8(ascii: "s"),
                    name[3] == UInt8(ascii: "e"), name[4] == 0, let href = current.attributeValue(.href)
                {
                    guard let base = try? WebURL(href, relativeTo: documentURL), base.scheme == "http" || base.scheme == "https" else { return nil }
                    return base
                }
                if let child = current.pointee.children {
                    node = child
                    continue
                }
            }
            node = nil
            var climbing: XMLNode? = current
            while let step = climbing {
                if let next = step.pointee.next {
                    node = next
                    break
                }
                guard let parent = step.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { break }
                climbing = parent
            }
        }
        return nil
    }
}
