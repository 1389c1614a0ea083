import ContentRules
import UTF8Check

/// Deciding each element from its attributes: which resource type each URL
/// attribute loads (as WebKit classifies it), and whether a blocked URL
/// takes the element, the attribute or just one candidate with it.
extension DocumentRewriter {
    /// What a blocked URL takes with it.
    enum BlockedEffect { case element, attribute }

    mutating func plan(_ kind: ElementKind, namespace: ForeignContent.Namespace) -> Plan {
        switch kind {
        case .html:
            edits.drop(attributes[.manifest])  // application caches outlive the proxy's rules
            return .keep
        case .script: return planScript(namespace: namespace)
        case .link: return planLink()
        case .meta: return planMeta()
        case .base: return planBase(namespace: namespace)
        case .img: return planImage()
        case .image: return route(attributes.hrefOrXLink, .image, blocked: .element)
        case .use:
            // `<use href="#icon">` points into the page; `sprite.svg#icon` loads an SVG document.
            return route(attributes.hrefOrXLink, .svgDocument, blocked: .element)
        case .source: return planSource()
        case .input: return planInput()
        case .iframe, .frame: return planFrame()
        case .object: return route(attributes[.data], .other, blocked: .element)
        case .embed: return route(attributes[.src], .other, blocked: .element)
        case .video:
            guard route(attributes[.src], .media, blocked: .element) == .keep else { return .remove }
            return route(attributes[.poster], .image, blocked: .attribute)
        case .audio, .track: return route(attributes[.src], .media, blocked: .element)
        case .a, .area: return planHyperlink(namespace: namespace)
        case .form: return planForm()
        case .button:
            navigate(attributes[.formaction], addsNoopener: false)
            return .keep
        default:
            return .keep
        }
    }

    /// Routes one URL attribute through the policy.
    mutating func route(_ attribute: Int?, _ type: ResourceTypes, blocked effect: BlockedEffect) -> Plan {
        guard let attribute else { return .keep }
        switch policy.subresource(attribute: rawValue(attribute), type: type) {
        case .keep:
            return .keep
        case .blocked:
            if effect == .element { return .remove }
            edits.drop(attribute)
            return .keep
        case .replace(let value, let needsEscaping):
            edits.replace(attribute, withStored: value, needsEscaping: needsEscaping)
            return .keep
        }
    }

    /// Rewrites a srcset-like attribute; returns whether candidates existed
    /// and all were blocked.
    mutating func routeCandidates(_ attribute: Int?) -> Bool {
        guard let attribute else { return false }
        let (rewritten, kept, total) = Srcset.rewrite(value(attribute), policy: &policy)
        if kept == 0 {
            edits.drop(attribute)
        } else {
            edits.replace(attribute, with: rewritten)
        }
        return total > 0 && kept == 0
    }

    private mutating func planScript(namespace: ForeignContent.Namespace) -> Plan {
        let source = namespace == .html ? attributes[.src] : attributes.hrefOrXLink ?? attributes[.src]
        guard route(source, .script, blocked: .element) == .keep else { return .remove }
        // A frame's srcdoc is a document the page's own guard script cannot
        // enter before it runs: its scripts would run unguarded, so they go.
        if nestingDepth > 0 { return .remove }
        if namespace == .html, source == nil {
            // Speculation rules would have the browser prefetch or prerender
            // other sites itself; behind the proxy they are of no use.
            if let type = attributes[.type], Self.asciiLowercasedTrimmed(value(type)) == "speculationrules" { return .remove }
            // An inline script that names a URL the rules block never runs as written.
            if context.checksInlineScripts, inlineScriptNamesBlockedURL() { return .remove }
        }
        // The proxy's CSP allows scripts by nonce only: each kept script gets this response's.
        edits.drop(attributes[.nonce])
        edits.addsNonce = true
        return .keep
    }

    private mutating func planImage() -> Plan {
        let source = attributes[.src]
        guard route(source, .image, blocked: .element) == .keep else { return .remove }
        let allBlocked = routeCandidates(attributes[.srcset])
        _ = routeCandidates(attributes[.dataSrcset])
        _ = route(attributes[.dataSrc], .image, blocked: .attribute)
        return source == nil && allBlocked ? .remove : .keep
    }

    /// `<source>`: image candidates in `<picture>`, a media file in `<video>`/`<audio>`.
    private mutating func planSource() -> Plan {
        if routeCandidates(attributes[.srcset]) { return .remove }
        return route(attributes[.src], .media, blocked: .element)
    }

    private mutating func planInput() -> Plan {
        navigate(attributes[.formaction], addsNoopener: false)
        guard let type = attributes[.type], Self.asciiLowercasedTrimmed(value(type)) == "image" else { return .keep }
        return route(attributes[.src], .image, blocked: .element)
    }

    private mutating func planFrame() -> Plan {
        guard route(attributes[.src], .childDocument, blocked: .element) == .keep else { return .remove }
        if let srcdoc = attributes[.srcdoc] {
            guard nestingDepth < Self.maximumNestingDepth else {
                edits.drop(srcdoc)
                return .keep
            }
            let nested = HTMLSanitizer.sanitize(ValidUTF8(value(srcdoc)), context: context, base: policy.base, headPrefix: [], nestingDepth: nestingDepth + 1,
                                                page: policy.preparedPage)
            policy.absorb(blocked: nested.blocked, hosts: nested.subresourceHosts)
            edits.replace(srcdoc, withDocument: nested.segments)
        }
        return .keep
    }

    /// Whether the text of the inline script whose start tag was just read
    /// names a URL the rules block (each is recorded as blocked).
    private mutating func inlineScriptNamesBlockedURL() -> Bool {
        let end = tokenizer.endOfScriptData().end
        guard end > tokenizer.position else { return false }
        var blocked = false
        for url in ScriptURLs.urls(in: raw(tokenizer.position..<end)) where policy.blocksScriptNamedURL(url) {
            blocked = true
        }
        return blocked
    }

    /// ASCII-lower-cased with ASCII whitespace trimmed, for keyword attributes.
    static func asciiLowercasedTrimmed(_ value: String) -> String {
        var bytes = Array(value.utf8)
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.count
        return String(decoding: bytes[start...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
