import ContentRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        if let known = attributeURLs.value(for: raw, tag: type.rawValue) { return known }
        let written = CharacterReferences.decodeAttribute(raw)
        let outcome: AttributeURL
        switch decide(written, type: type) {
        case .unchanged: outcome = .keep
        case .blocked: outcome = .blocked
        case .proxied(let path, let fragment):
            let rewritten = path + (fragment.map { "#" + $0 } ?? "")
            outcome = rewritten == written ? .keep : .replace(rewritten)
        }
        attributeURLs.insert(outcome, for: raw, tag: type.rawValue)
        return outcome
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
        if let known = attributeNavigations.value(for: raw, tag: 0) { return known }
        let written = CharacterReferences.decodeAttribute(raw)
        let outcome: AttributeNavigation
        if keepsCanonicalSitePaths, let path = CanonicalSitePath.path(of: written) {
            outcome = path == written ? .keep(external: false) : .replace(path, external: false)
        } else {
            outcome = Self.attributeNavigation(navigate(written), written: written)
        }
        attributeNavigations.insert(outcome, for: raw, tag: 0)
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

/// Bytes (and a small tag) as a dictionary key, hashed as bytes: `String`
/// keys would normalise Persian text to NFC on every hash.
struct ByteKey: Hashable {
    let bytes: [UInt8]
    let tag: UInt32

    init(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt32) {
        self.bytes = Array(bytes)
        self.tag = tag
    }

    init(_ string: String, tag: UInt32) {
        self.bytes = Array(string.utf8)
        self.tag = tag
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.withUnsafeBufferPointer { Self.fnv1a($0, tag: tag) })
    }

    /// FNV-1a over the bytes and the tag: URLs are short, and Hasher's
    /// per-byte cost dominated the lookup.
    static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt32) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(tag)
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}

/// A cache keyed by byte strings that looks up without allocating: by the
/// bytes' hash, then comparing bytes.
struct ByteCache<Value> {
    /// Every entry's bytes, one after another, and the entries, each
    /// chained to the one inserted before it with the same hash: a few
    /// buffers for the whole page instead of a bucket array and a byte
    /// array per entry, which were allocated on insert and freed one by
    /// one at the end of the page (fixtures 2.70 M -> 2.67 M instructions,
    /// 165 fewer mallocs; the 1 MB page, with more distinct URLs, even).
    private var arena: [UInt8] = []
    private var entries: [(start: Int, count: Int, tag: UInt32, next: Int32, value: Value)] = []
    /// Hash -> the last entry inserted with it.
    private var last: [UInt64: Int32] = [:]

    func value(for bytes: UnsafeBufferPointer<UInt8>, tag: UInt32) -> Value? {
        var index = last[ByteKey.fnv1a(bytes, tag: tag)] ?? -1
        while index >= 0 {
            let entry = entries[Int(index)]
            if entry.tag == tag && entry.count == bytes.count {
                let equal = arena.withUnsafeBufferPointer { stored in
                    bytes.isEmpty || memcmp(stored.baseAddress! + entry.start, bytes.baseAddress!, bytes.count) == 0
                }
                if equal { return entry.value }
            }
            index = entry.next
        }
        return nil
    }

    /// Called after `value(for:tag:)` found nothing for these bytes and tag.
    mutating func insert(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>, tag: UInt32) {
        let hash = ByteKey.fnv1a(bytes, tag: tag)
        entries.append((arena.count, bytes.count, tag, last[hash] ?? -1, value))
        arena.append(contentsOf: bytes)
        last[hash] = Int32(entries.count - 1)
    }
}
