import ContentRules
import WebURL

/// Links, forms, refreshes and the head's own elements (`<link>`, `<meta>`,
/// `<base>`): where they lead and what the proxy must not pass on.
extension DocumentRewriter {
    /// Rewrites a navigation attribute: site pages to their proxy path,
    /// other sites to their absolute URL (optionally opened without opener
    /// and referrer), `#frag`, `javascript:` and `mailto:` as they were.
    mutating func navigate(_ attribute: Int?, addsNoopener: Bool) {
        guard let attribute else { return }
        switch policy.navigation(attribute: rawValue(attribute)) {
        case .keep(let external):
            if external, addsNoopener { addNoopener() }
        case .replace(let value, let external):
            edits.replace(attribute, with: value)
            if external, addsNoopener { addNoopener() }
        }
    }

    private mutating func apply(_ navigation: ResourcePolicy.Navigation, to attribute: Int?, name: StaticString = "action", addsNoopener: Bool) {
        let value: String
        switch navigation {
        case .unchanged: return
        case .site(let path): value = path
        case .external(let url): value = url
        }
        if let attribute { edits.replace(attribute, with: value) } else { edits.add(name, value) }
        if case .external = navigation, addsNoopener { addNoopener() }
    }

    /// `rel="noopener noreferrer"`, merged into the element's own `rel`.
    private mutating func addNoopener() {
        guard let rel = attributes[.rel] else {
            edits.add("rel", "noopener noreferrer")
            return
        }
        let written = rawValue(rel)
        let merged: String?
        if written.contains(UInt8(ascii: "&")) {
            var decoded = value(rel)
            merged = decoded.withUTF8 { Self.relAddingNoopener($0) }
        } else {
            // Without a reference the value is its bytes as written: read in
            // place, no decoded String is built for it.
            merged = Self.relAddingNoopener(written)
        }
        if let merged { edits.replace(rel, with: merged) }
    }

    /// The `rel` value `rel` with whichever of `noopener` and `noreferrer`
    /// it lacks appended after a space (no space when it has no token), or
    /// nil when it has both. Written into one String of the final length:
    /// `rel + " " + missing` cost about 350 instructions a link in appends
    /// (the 100 KB dictionary page has 82 links to other sites).
    static func relAddingNoopener(_ rel: UnsafeBufferPointer<UInt8>) -> String? {
        // `rel="noopener"`, as sites write their links to other sites (the
        // fixture pages' do), gets the literal: a String of 19 bytes made
        // for each cost about 300 instructions and an allocation a link,
        // and its release another (fixture pages, callgrind).
        if rel.count == 8, rel.elementsEqual(Self.noopenerBytes) { return "noopener noreferrer" }
        let tokens = relTokens(rel)
        guard !(tokens.noopener && tokens.noreferrer) else { return nil }
        let missing: StaticString = tokens.noopener ? "noreferrer" : tokens.noreferrer ? "noopener" : "noopener noreferrer"
        let missingBytes = UnsafeBufferPointer(start: missing.utf8Start, count: missing.utf8CodeUnitCount)
        let keptCount = tokens.any ? rel.count + 1 : 0
        return String(unsafeUninitializedCapacity: keptCount + missingBytes.count) { buffer in
            if tokens.any {
                _ = UnsafeMutableBufferPointer(rebasing: buffer[..<rel.count]).initialize(from: rel)
                buffer[rel.count] = UInt8(ascii: " ")
            }
            _ = UnsafeMutableBufferPointer(rebasing: buffer[keptCount...]).initialize(from: missingBytes)
            return keptCount + missingBytes.count
        }
    }

    /// The bytes of `rel="noopener"`.
    private static var noopenerBytes: UnsafeBufferPointer<UInt8> {
        let text: StaticString = "noopener"
        return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// What `rel` holds, read in place (no set of strings for every link to
    /// another site): whether it has any token, `noopener`, `noreferrer`,
    /// ASCII case-insensitively, once trimmed of bytes up to the space and
    /// split at spaces, tabs and line feeds.
    static func relTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> (any: Bool, noopener: Bool, noreferrer: Bool) {
        var result = (any: false, noopener: false, noreferrer: false)
        var end = bytes.count
        while end > 0, bytes[end - 1] <= 0x20 { end -= 1 }
        var index = 0
        while index < end, bytes[index] <= 0x20 { index += 1 }
        while index < end {
            let start = index
            while index < end, bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x0A { index += 1 }
            if index > start {
                result.any = true
                let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if Self.equalsIgnoringASCIICase(token, "noopener") { result.noopener = true }
                if Self.equalsIgnoringASCIICase(token, "noreferrer") { result.noreferrer = true }
            }
            index += 1
        }
        return result
    }

    /// Whether `bytes` ASCII-lower-cased are the lower-case `text`.
    static func equalsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != text.utf8Start[index] { return false }
        }
        return true
    }

    mutating func planHyperlink(namespace: ForeignContent.Namespace) -> Plan {
        navigate(namespace == .svg ? attributes.hrefOrXLink : attributes[.href], addsNoopener: true)
        if let ping = attributes[.ping] {
            // Hyperlink auditing: each URL is a load of type ping.
            var kept: [String] = []
            for url in value(ping).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
                switch policy.subresource(String(url), type: .ping) {
                case .blocked: continue
                case .unchanged: kept.append(String(url))
                case .proxied(let path, _): kept.append(path)
                }
            }
            if kept.isEmpty { edits.drop(ping) } else { edits.replace(ping, with: kept.joined(separator: " ")) }
        }
        return .keep
    }

    /// A form posts to its `action`, or, without one, to its own document.
    mutating func planForm() -> Plan {
        let action = attributes[.action]
        if let action, !value(action).isEmpty {
            navigate(action, addsNoopener: true)
        } else {
            var url = context.documentURL.removingFragment
            apply(policy.target(of: &url), to: action, addsNoopener: true)
        }
        return .keep
    }

    mutating func planLink() -> Plan {
        let relations = attributes[.rel].map { linkRelations($0) } ?? []
        // Connection warm-ups would reach hosts outside the proxy; they are of no use behind it.
        if !relations.isDisjoint(with: .warmUps) { return .remove }
        let type: ResourceTypes?
        if relations.contains(.stylesheet) {
            type = .styleSheet
        } else if relations.contains(.modulepreload) {
            type = attributes[.as].map { Self.preloadType(value($0)) } ?? .script
        } else if !relations.isDisjoint(with: [.preload, .prefetch]) {
            type = attributes[.as].map { Self.preloadType(value($0)) } ?? .other
        } else if relations.contains(.icon) {
            type = .image
        } else if relations.contains(.manifest) {
            type = .other
        } else {
            type = nil
        }
        guard let type else {
            // canonical, alternate, next…: not loaded, but they name pages.
            navigate(attributes[.href], addsNoopener: false)
            return .keep
        }
        guard route(attributes[.href], type, blocked: .element) == .keep else { return .remove }
        if type == .image, routeCandidates(attributes[.imagesrcset]), attributes[.href] == nil { return .remove }
        if type == .script {
            edits.drop(attributes[.nonce])
            edits.addsNonce = true
        }
        return .keep
    }

    /// The link types of the `rel` attribute at `index`: from its bytes as
    /// written when they are its value (no reference) and split as its
    /// characters would be, otherwise by the definition.
    private func linkRelations(_ index: Int) -> LinkRelations {
        let written = rawValue(index)
        if !written.contains(UInt8(ascii: "&")), let relations = LinkRelations(scanning: written) { return relations }
        return LinkRelations(characterwise: value(index))
    }

    /// The resource type of `<link rel=preload as=…>`, as WebKit maps `as`.
    static func preloadType(_ value: String) -> ResourceTypes {
        switch asciiLowercasedTrimmed(value) {
        case "script": return .script
        case "style": return .styleSheet
        case "font": return .font
        case "image": return .image
        case "fetch": return .fetch
        case "audio", "video", "track": return .media
        default: return .other
        }
    }

    /// Charset declarations go (limot serves UTF-8 and says so first in the
    /// head), so does the page's own CSP (the proxy sets its own) and
    /// `set-cookie`; a refresh is a navigation.
    mutating func planMeta() -> Plan {
        if attributes[.charset] != nil { return .remove }
        guard let equiv = attributes[.httpEquiv] else { return .keep }
        switch Self.asciiLowercasedTrimmed(value(equiv)) {
        case "content-type", "content-security-policy", "content-security-policy-report-only", "set-cookie":
            return .remove
        case "refresh":
            guard let content = attributes[.content] else { return .keep }
            let refresh = value(content)
            guard let range = MetaRefresh.urlRange(in: refresh) else { return .keep }
            switch policy.navigation(MetaRefresh.url(in: refresh, range: range)) {
            case .unchanged: break
            case .site(let url), .external(let url):
                edits.replace(content, with: MetaRefresh.replacingURL(in: refresh, range: range, with: url))
            }
            return .keep
        default:
            return .keep
        }
    }

    /// `<base href>` has been applied to every URL already; the browser
    /// must not apply it again to the rewritten ones. Its `target` stays.
    /// An SVG or MathML `<base>` is no base, but loses its `href` too (it
    /// stays, as it may have content): should a browser ever read its
    /// namespace otherwise than limot, no base is left to apply.
    mutating func planBase(namespace: ForeignContent.Namespace) -> Plan {
        guard let href = attributes[.href] else { return .keep }
        if tokenizer.attributeCount == 1, namespace == .html { return .remove }
        edits.drop(href)
        return .keep
    }
}
