import ContentRules
import UTF8Check
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
    /// Whether inline scripts are read for the URLs they name (a script
    /// that names a blocked one is removed). Off only for the fuzz checks'
    /// observer, which decides every URL as blocked.
    public var checksInlineScripts: Bool
    public init(documentURL: WebURL, topURL: WebURL? = nil, engine: ContentRuleEngine, urlMap: ProxyURLMap, checksInlineScripts: Bool = true) {
        self.documentURL = documentURL
        self.topURL = topURL
        self.engine = engine
        self.urlMap = urlMap
        self.checksInlineScripts = checksInlineScripts
    }
}

/// HTML in (UTF-8), sanitized HTML out.
///
/// One pass over the page's tokens (an HTML-standard tokenizer, no tree):
/// every subresource is classified by its WebKit resource type and decided
/// by the rule engine (blocked ones leave with their element), every URL the
/// browser would load is routed through the proxy, links to the site stay on
/// the proxy, and the css-display-none rules become one `<style>` at the
/// start of the head. Everything limot does not change is copied byte for
/// byte: text (UTF-8, ZWNJ, entities as written), comments, the doctype,
/// SVG's camelCase, and markup however broken, which the browser repairs
/// exactly as it would have repaired the original.
public enum HTMLSanitizer {
    /// What limot writes first in every head: the proxy serves UTF-8.
    static let charsetDeclaration = Array(#"<meta charset="utf-8">"#.utf8)

    /// `html` as it came: ill-formed UTF-8 is repaired (U+FFFD) first, so
    /// that the output is UTF-8 whatever came in.
    public static func sanitize(_ html: [UInt8], context: SanitizeContext) -> SanitizedDocument {
        sanitize(ValidUTF8(repairing: html), context: context)
    }

    /// A page already known to be UTF-8 (fetch checked it while decoding):
    /// not checked again.
    public static func sanitize(_ html: ValidUTF8, context: SanitizeContext) -> SanitizedDocument {
        // The page's facts for the rules, worked out once for the document's
        // own decision and its subresources' (the document's decision
        // worked out its domain keys and conditions again).
        let page = context.engine.prepare(page: context.topURL ?? context.documentURL)
        let hidden = HiddenStyle.Memo.styled(decidedSelectors(context: context, page: page))
        var document = sanitize(html, context: context, base: context.documentURL, headPrefix: hidden.headPrefix, nestingDepth: 0, page: page)
        document.hiddenSelectors = hidden.kept
        return document
    }

    /// The page itself (depth 0) or a document inside it (`srcdoc`);
    /// `page`, when given, is `context`'s top page prepared by its engine.
    static func sanitize(_ html: ValidUTF8, context: SanitizeContext, base: WebURL, headPrefix: [UInt8], nestingDepth: Int,
                         page: PreparedPage?) -> SanitizedDocument {
        // The rewrite's memory, from the pool and back to it: the
        // rewriter is gone once the document is made.
        let scratch = RewriteScratch.Pool.take()
        defer { RewriteScratch.Pool.giveBack(scratch) }
        return html.bytes.withUnsafeBufferPointer { bytes in
            var rewriter = DocumentRewriter(
                input: bytes, context: context, base: BaseElement.url(in: bytes, relativeTo: base) ?? base,
                headPrefix: headPrefix, nestingDepth: nestingDepth, page: page, scratch: scratch)
            rewriter.rewrite()
            var document = SanitizedDocument(
                segments: rewriter.writer.segments(), blocked: rewriter.policy.blocked, hiddenSelectors: [],
                subresourceHosts: rewriter.policy.hosts)
            scratch.reclaim(from: &rewriter)
            document.title = rewriter.title
            return document
        }
    }

    /// The css-display-none selectors for this document, as WebKit decides
    /// them for the document's own load; duplicates and selectors that could
    /// break out of a style rule are left out.
    static func hiddenSelectors(context: SanitizeContext) -> [String] {
        keptSelectors(decidedSelectors(context: context))
    }

    /// The css-display-none selectors the rules decide for the document's
    /// own load, as the engine gives them; `page` is used when it is the
    /// request's page (it is not when the URL has a fragment).
    static func decidedSelectors(context: SanitizeContext, page: PreparedPage? = nil) -> [String] {
        let url = context.documentURL.removingFragment
        let request: ResourceRequest
        if let top = context.topURL {
            request = ResourceRequest(url: url, type: .childDocument, pageURL: top.removingFragment, frameURL: url, method: .get)
        } else {
            request = ResourceRequest(url: url, type: .topDocument, pageURL: url, frameURL: url, method: .get)
        }
        if let page, request.pageURL?.serialization == page.url.serialization {
            return context.engine.decide(request, page: page).hiddenSelectors
        }
        return context.engine.decide(request).hiddenSelectors
    }

    /// `selectors` without duplicates and without those that could break
    /// out of a style rule.
    static func keptSelectors(_ selectors: [String]) -> [String] {
        // Room for all from the start: growing the set as it filled hashed
        // each selector again at every doubling.
        var seen = Set<String>(minimumCapacity: selectors.count)
        // Kept in an array with room for all: filter's grew as it filled.
        var kept: [String] = []
        kept.reserveCapacity(selectors.count)
        for selector in selectors where HiddenStyle.shape(of: selector) != .unsafe && seen.insert(selector).inserted {
            kept.append(selector)
        }
        return kept
    }
}
