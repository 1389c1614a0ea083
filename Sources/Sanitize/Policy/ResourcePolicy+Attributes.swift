#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ContentRules
import WebURL

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
        /// `needsEscaping`: whether the value holds a byte escaped in a
        /// double-quoted attribute (`MarkupWriter.holdsEscaped`), found once
        /// here and kept in the memo with it. A repeat (the result page's
        /// icons) is then written as it is, where escaping it read every
        /// word of it again: about 250 instructions a repeat of a 57-byte
        /// proxy path (58 KB benchmark page, callgrind). The value's bytes
        /// are the policy's `storedValues`, valid while the policy is.
        case replace(UnsafeBufferPointer<UInt8>, needsEscaping: Bool)
    }

    /// A navigation attribute's fate; `external` links get noopener.
    enum AttributeNavigation {
        case keep(external: Bool)
        case replace(String, external: Bool)
    }

    /// `raw` is the attribute's value as written (character references not decoded).
    mutating func subresource(attribute raw: UnsafeBufferPointer<UInt8>, type: ResourceTypes) -> AttributeURL {
        let hash = ByteKey.hash(of: raw, tag: type.rawValue)
        if let known = attributeURLs.value(for: raw, tag: type.rawValue, hash: hash) { return known }
        let outcome: AttributeURL
        if ByteSearch.index(of: UInt8(ascii: "&"), in: raw, from: 0) == raw.count {
            // No character reference: the bytes as written are the URL, decided
            // without making them a String (which cost about 400 instructions
            // a URL on the fixture pages, callgrind).
            outcome = attributeURL(written: raw, type: type)
        } else {
            outcome = attributeURL(decoding: raw, type: type)
        }
        attributeURLs.insert(outcome, for: raw, tag: type.rawValue, hash: hash)
        return outcome
    }

    /// `attributeURL(written:type:)` of `raw` with its references decoded.
    /// Not inlined: the decoding's memory on the stack made the frame of
    /// `subresource(attribute:type:)` dearer for every attribute, repeats
    /// too (about 6 instructions a call, p58k-images, callgrind).
    @inline(never)
    private mutating func attributeURL(decoding raw: UnsafeBufferPointer<UInt8>, type: ResourceTypes) -> AttributeURL {
        Self.withDecodedAttribute(raw) { attributeURL(written: $0, type: type) }
    }

    /// `attributeNavigation(written:)` of `raw` with its references decoded
    /// (not inlined, as `attributeURL(decoding:type:)`).
    @inline(never)
    private func attributeNavigation(decoding raw: UnsafeBufferPointer<UInt8>) -> AttributeNavigation {
        Self.withDecodedAttribute(raw) { attributeNavigation(written: $0) }
    }

    /// `body` of the bytes of `CharacterReferences.decodeAttribute(raw)`.
    /// A value whose references are all `&amp;` (a URL's query, as pages
    /// write it), with any other `&` an ampersand as it stands, is decoded
    /// into memory on the stack: the general decoder's array and the String
    /// made of it, then freed, cost about 2,000 instructions an ad's URL
    /// on the fixture pages (callgrind). Any other reference goes that way.
    @inline(__always)
    static func withDecodedAttribute<Result>(_ raw: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // Decoding never makes the value longer: each `&amp;` becomes one byte.
        let decoded: Result? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { out in
            guard let count = decodingAmpersands(raw, into: out) else { return nil }
            return body(UnsafeBufferPointer(rebasing: out[..<count]))
        }
        if let decoded { return decoded }
        var written = CharacterReferences.decodeAttribute(raw)
        return written.withUTF8(body)
    }

    /// Writes `raw` with each `&amp;` decoded to `out` (room for `raw.count`
    /// bytes) and returns how many bytes it wrote; nil, with `out` to be
    /// ignored, at the first `&` that starts another reference.
    static func decodingAmpersands(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard let source = raw.baseAddress, let target = out.baseAddress else { return raw.isEmpty ? 0 : nil }
        var index = 0, count = 0
        while true {
            let ampersand = ByteSearch.index(of: UInt8(ascii: "&"), in: raw, from: index)
            (target + count).initialize(from: source + index, count: ampersand - index)
            count += ampersand - index
            guard ampersand < raw.count else { return count }
            if CharacterReferences.isAmp(raw, at: ampersand) {
                index = ampersand + 5
            } else if CharacterReferences.reference(raw, at: ampersand, inAttribute: true) == nil {
                // Not a reference: the decoder keeps the `&` as it is.
                index = ampersand + 1
            } else {
                return nil
            }
            target[count] = UInt8(ascii: "&")
            count += 1
        }
    }

    /// The fate of a subresource attribute whose value (references decoded)
    /// is `written`: `decide(_:type:)`'s, with the proxy path and the
    /// fragment written as bytes into `storedValues` (see `StoredValues`)
    /// and kept there only when they are not the URL as written. A URL the
    /// resolver's shortcut takes is read in place, in room on the stack
    /// (see `CanonicalHTTPBytes`), and decided and routed from its bytes.
    private mutating func attributeURL(written: UnsafeBufferPointer<UInt8>, type: ResourceTypes) -> AttributeURL {
        guard !Self.isLocalReference(written) else { return .keep }
        let read: AttributeURL? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: resolver.room(forReferenceOf: written.count)) { room in
            guard let url = resolver.canonicalHTTP(written, room: room) else { return nil }
            return attributeURL(canonical: url, written: written, type: type)
        }
        if let read { return read }
        guard let resolved = resolver.resolveHTTPParsing(written) else { return .keep }
        // Kept for its fragment, which the request's URL is without; most URLs have none.
        let withFragment: WebURL? = resolved.hasFragment ? resolved : nil
        guard allows(resolved, type: type) else { return .blocked }
        if let resolved = withFragment, let fragment = resolved.fragmentRange {
            // The fragment as the serialisation holds it (what `resolved.fragment` makes a String of).
            var serialization = resolved.serialization
            return serialization.withUTF8 { bytes in routedRequestURL(fragment: UnsafeBufferPointer(rebasing: bytes[fragment]), written: written, type: type) }
        }
        return routedRequestURL(fragment: nil, written: written, type: type)
    }

    /// `attributeURL(written:type:)` of a URL read in place.
    private mutating func attributeURL(canonical url: CanonicalHTTPBytes, written: UnsafeBufferPointer<UInt8>, type: ResourceTypes) -> AttributeURL {
        let fragment = url.fragmentRange.map { UnsafeBufferPointer(rebasing: url.bytes[$0]) }
        switch allows(canonical: url, type: type) {
        case .blocked:
            return .blocked
        case .upgraded:
            return routedRequestURL(fragment: fragment, written: written, type: type)
        case .allowed:
            let load = url.removingFragment
            let values = madeStoredValues()
            // nil for a dot-segment host: blocked, as `decide(_:type:)` says.
            guard let path = urlMap.writeSubresourcePath(canonical: load, type: type, fragment: fragment, into: values) else { return .blocked }
            insertHost(UnsafeBufferPointer(rebasing: load.bytes[load.hostnameRange]))
            // Only the URL's path, query and fragment, at the path's end, can
            // hold a byte escaped in an attribute: what comes before them is
            // the prefix, the type's name, the scheme and a canonical host.
            let tail = load.pathAndQueryRange.count + (fragment.map { $0.count + 1 } ?? 0)
            return attribute(path: path, written: written, escapableFrom: path.count - tail)
        }
    }

    /// The fate of an attribute whose URL the rules allowed as `request.url`,
    /// its fragment `fragment`.
    private mutating func routedRequestURL(fragment: UnsafeBufferPointer<UInt8>?, written: UnsafeBufferPointer<UInt8>, type: ResourceTypes) -> AttributeURL {
        let values = madeStoredValues()
        // Credentials or a dot-segment host: blocked, as `decide(_:type:)` says.
        guard let path = urlMap.writeSubresourcePath(for: request.url, type: type, fragment: fragment, into: values) else { return .blocked }
        insertRequestHost()
        return attribute(path: path, written: written)
    }

    /// `storedValues`, made with the first value.
    private mutating func madeStoredValues() -> StoredValues {
        if let made = storedValues { return made }
        let values = StoredValues()
        storedValues = values
        return values
    }

    /// An allowed URL's attribute: `path` (written, not committed, in
    /// `storedValues`) where it is not the URL as `written`. No byte before
    /// `escapableFrom` is one escaped in an attribute (`holdsEscaped`
    /// reads from there: about 40 instructions a first-seen image less,
    /// p58k-images, callgrind).
    private func attribute(path: UnsafeMutableBufferPointer<UInt8>, written: UnsafeBufferPointer<UInt8>, escapableFrom: Int = 0) -> AttributeURL {
        if Self.isWritten(UnsafeBufferPointer(path), as: written) { return .keep }
        let needsEscaping = MarkupWriter.holdsEscaped(UnsafeBufferPointer(rebasing: path[escapableFrom...]))
        return .replace(storedValues.unsafelyUnwrapped.commit(path.count), needsEscaping: needsEscaping)
    }

    /// Whether `rewritten == String(decoding: written, as: UTF8.self)`, where
    /// `rewritten` is ASCII (a proxy path, made of a URL's serialisation,
    /// which percent-encodes the rest): by their bytes where `written` is
    /// ASCII too (equal Strings of ASCII are equal bytes), by String
    /// comparison (canonical equivalence) otherwise. The bytes are compared
    /// in one `memcmp` (`utf8.elementsEqual` went through the view byte by
    /// byte: about 650 instructions a link to another site kept as written,
    /// fixture pages, callgrind).
    static func isWritten(_ rewritten: String, as written: UnsafeBufferPointer<UInt8>) -> Bool {
        var rewritten = rewritten
        return rewritten.withUTF8 { isWritten($0, as: written) }
    }

    /// `isWritten(_:as:)` of the rewritten URL's bytes (ASCII).
    static func isWritten(_ rewritten: UnsafeBufferPointer<UInt8>, as written: UnsafeBufferPointer<UInt8>) -> Bool {
        assert(rewritten.allSatisfy { $0 < 0x80 }, "a rewritten attribute URL that is not ASCII")
        let sameBytes = rewritten.count == written.count
            && (rewritten.isEmpty || memcmp(rewritten.baseAddress!, written.baseAddress!, rewritten.count) == 0)
        if sameBytes || isASCII(written) { return sameBytes }
        return String(decoding: rewritten, as: UTF8.self) == String(decoding: written, as: UTF8.self)
    }

    /// Whether every byte of `bytes` is ASCII, read eight at a time (and the
    /// last eight as one word, overlapping): `allSatisfy` took a byte at a
    /// time, for each routed URL a page writes differently.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let count = bytes.count
        guard count >= 8 else { return bytes.allSatisfy { $0 < 0x80 } }
        var index = 0
        while count - index > 8 {
            if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & highBits != 0 { return false }
            index += 8
        }
        return UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self) & highBits == 0
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
            if raw.count > siteOrigin.count, Self.startsWith(raw, siteOrigin) {
                let path = UnsafeBufferPointer(rebasing: raw[siteOrigin.count...])
                if CanonicalSitePath.isCanonical(path) { return .replace(String(decoding: path, as: UTF8.self), external: false) }
            }
        }
        let hash = ByteKey.hash(of: raw, tag: 0)
        if let known = attributeNavigations.value(for: raw, tag: 0, hash: hash) { return known }
        let outcome: AttributeNavigation
        if ByteSearch.index(of: UInt8(ascii: "&"), in: raw, from: 0) == raw.count {
            // No character reference: the bytes as written are the link,
            // decided without making them a String (as `subresource(attribute:type:)`).
            outcome = attributeNavigation(written: raw)
        } else {
            outcome = attributeNavigation(decoding: raw)
        }
        attributeNavigations.insert(outcome, for: raw, tag: 0, hash: hash)
        return outcome
    }

    /// Whether `bytes` start with `prefix` (no longer than they are), in
    /// one `memcmp`: `starts(with:)` compared through the two collections'
    /// iterators, about 67 instructions a link written with the site's
    /// origin (fixture pages, callgrind).
    static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        precondition(prefix.count <= bytes.count, "a prefix longer than the bytes")
        return prefix.withUnsafeBufferPointer { prefix in
            guard let start = prefix.baseAddress else { return true }
            return memcmp(bytes.baseAddress!, start, prefix.count) == 0
        }
    }

    /// The fate of a navigation attribute whose value (references decoded) is `written`.
    private func attributeNavigation(written: UnsafeBufferPointer<UInt8>) -> AttributeNavigation {
        if keepsCanonicalSitePaths {
            switch CanonicalSitePath.shape(of: written, referencesDecoded: true) {
            case .canonical: return .keep(external: false)
            // Percent-encoded, the path is ASCII where `written` is not: never the same.
            case .encodesNonASCII: return .replace(CanonicalSitePath.percentEncodingNonASCII(written), external: false)
            case .none, .canonicalWrittenWithAmp: break  // (the second only as written, references not decoded)
            }
        }
        if let external = externalNavigation(canonical: written) { return external }
        // Proxy paths and URL serialisations are ASCII, as `isWritten` needs.
        switch navigate(written) {
        case .unchanged: return .keep(external: false)
        case .site(let path): return Self.isWritten(path, as: written) ? .keep(external: false) : .replace(path, external: false)
        case .external(let url): return Self.isWritten(url, as: written) ? .keep(external: true) : .replace(url, external: true)
        }
    }
}
