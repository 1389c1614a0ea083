import ContentRules

/// The policy for URL attributes as written in a tag, remembered by their
/// bytes: a page names the same few URLs hundreds of times (the dictionary's
/// own links, its icons), and each repeat then costs one hash lookup, with
/// no decoding, no URL parsing and no rule matching.
extension ResourcePolicy {
    /// A subresource attribute's fate.
    enum AttributeURL {
        /// Written as it was (not routable, or already the proxy path).
        case keep
        case blocked
        case replace(String)
    }

    /// A navigation attribute's fate; `external` links get noopener.
    enum AttributeNavigation {
        case keep(external: Bool)
        case replace(String, external: Bool)
    }

    /// `raw` is the attribute's value as written (character references not decoded).
    mutating func subresource(attribute raw: UnsafeBufferPointer<UInt8>, type: ResourceTypes) -> AttributeURL {
        let hash = ByteKey.fnv1a(raw, tag: type.rawValue)
        if let known = attributeURLs.value(for: raw, tag: type.rawValue, hash: hash) { return known }
        let outcome: AttributeURL
        if ByteSearch.index(of: UInt8(ascii: "&"), in: raw, from: 0) == raw.count {
            // No character reference: the bytes as written are the URL, decided
            // without making them a String (which cost about 400 instructions
            // a URL on the fixture pages, callgrind).
            outcome = attributeURL(written: raw, type: type)
        } else {
            var written = CharacterReferences.decodeAttribute(raw)
            outcome = written.withUTF8 { attributeURL(written: $0, type: type) }
        }
        attributeURLs.insert(outcome, for: raw, tag: type.rawValue, hash: hash)
        return outcome
    }

    /// The fate of a subresource attribute whose value (references decoded) is `written`.
    private mutating func attributeURL(written: UnsafeBufferPointer<UInt8>, type: ResourceTypes) -> AttributeURL {
        switch decide(written, type: type) {
        case .unchanged: return .keep
        case .blocked: return .blocked
        case .proxied(var rewritten, let fragment):
            if let fragment { rewritten += "#" + fragment }
            return Self.isWritten(rewritten, as: written) ? .keep : .replace(rewritten)
        }
    }

    /// Whether `rewritten == String(decoding: written, as: UTF8.self)`, where
    /// `rewritten` is ASCII (a proxy path, made of a URL's serialisation,
    /// which percent-encodes the rest): by their bytes where `written` is
    /// ASCII too (equal Strings of ASCII are equal bytes), by String
    /// comparison (canonical equivalence) otherwise.
    static func isWritten(_ rewritten: String, as written: UnsafeBufferPointer<UInt8>) -> Bool {
        assert(rewritten.utf8.allSatisfy { $0 < 0x80 }, "a rewritten attribute URL that is not ASCII")
        guard written.allSatisfy({ $0 < 0x80 }) else { return rewritten == String(decoding: written, as: UTF8.self) }
        return rewritten.utf8.elementsEqual(written)
    }

    mutating func navigation(attribute raw: UnsafeBufferPointer<UInt8>) -> AttributeNavigation {
        if keepsCanonicalSitePaths {
            switch CanonicalSitePath.shape(of: raw, referencesDecoded: false) {
            case .canonical, .canonicalWrittenWithAmp: return .keep(external: false)
            case .encodesNonASCII:
                // No `&` in it, so its bytes are its value: encoded here, with
                // no decoding and no memo entry for a link written once.
                return .replace(CanonicalSitePath.percentEncodingNonASCII(raw), external: false)
            case nil: break
            }
            // The site's origin and a canonical path: the parser keeps the
            // path as written, and the proxy serves that page at it.
            if raw.count > siteOrigin.count, raw.starts(with: siteOrigin) {
                let path = UnsafeBufferPointer(rebasing: raw[siteOrigin.count...])
                if CanonicalSitePath.isCanonical(path) { return .replace(String(decoding: path, as: UTF8.self), external: false) }
            }
        }
        let hash = ByteKey.fnv1a(raw, tag: 0)
        if let known = attributeNavigations.value(for: raw, tag: 0, hash: hash) { return known }
        let written = CharacterReferences.decodeAttribute(raw)
        let outcome: AttributeNavigation
        if keepsCanonicalSitePaths, let path = CanonicalSitePath.path(of: written) {
            outcome = path == written ? .keep(external: false) : .replace(path, external: false)
        } else {
            outcome = Self.attributeNavigation(navigate(written), written: written)
        }
        attributeNavigations.insert(outcome, for: raw, tag: 0, hash: hash)
        return outcome
    }

    private static func attributeNavigation(_ navigation: Navigation, written: String) -> AttributeNavigation {
        switch navigation {
        case .unchanged: return .keep(external: false)
        case .site(let path): return path == written ? .keep(external: false) : .replace(path, external: false)
        case .external(let url): return url == written ? .keep(external: true) : .replace(url, external: true)
        }
    }
}
