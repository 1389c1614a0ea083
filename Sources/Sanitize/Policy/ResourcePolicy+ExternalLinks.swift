import ContentRules
import WebURL

/// Links to other sites' https pages, decided from their bytes.
extension ResourcePolicy {
    /// `attributeNavigation(written:)`'s outcome for a link (references
    /// decoded) that the resolver's shortcut reads in place (see
    /// `CanonicalHTTPBytes`) as an https page of another site; nil for any
    /// other link, which goes the `navigate` way.
    ///
    /// Such a link is decided as its own top page, from its bytes
    /// (`ContentRuleEngine.decide(canonicalPage:)`), and make-https never
    /// applies to it: it is kept as written, or written as its canonical
    /// URL, or sent to the proxy's leave address when the rules block the
    /// page, as `target(of:)` has it. `navigate` made the link a `WebURL`,
    /// then a request with two copies of it, to ask the same (about 1,000
    /// instructions of a link's 2,400 on the fixture pages, callgrind).
    func externalNavigation(canonical written: UnsafeBufferPointer<UInt8>) -> AttributeNavigation? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: resolver.room(forReferenceOf: written.count)) { room in
            guard let url = resolver.canonicalHTTP(written, room: room), url.isHTTPS,
                  !urlMap.isSite(serialization: url.bytes) else { return nil }
            if engine.decide(canonicalPage: url.removingFragment).isBlocked {
                // The fragment included, as `leavePath(for:)` of the URL writes it.
                return .replace(ProxyURLMap.leavePath(forSerialization: url.bytes), external: true)
            }
            // The URL's serialisation is ASCII, as `isWritten` needs.
            if Self.isWritten(url.bytes, as: written) { return .keep(external: true) }
            return .replace(String(decoding: url.bytes, as: UTF8.self), external: true)
        }
    }
}
