import Testing
import WebURL
@testable import Sanitize

/// A reference read in place (`ReferenceResolver.canonicalHTTP(_:room:)`)
/// is the URL `resolveHTTP(_:)` gives it, and one it refuses is resolved by
/// `resolveHTTPParsing(_:)` as `resolveHTTP(_:)` resolves it: the attribute
/// policy takes the first, then the second, where it took `resolveHTTP`.
@Suite struct CanonicalReferenceTests {
    @Test(arguments: ReferenceResolverTests.bases)
    func readsAsResolveHTTP(_ baseString: String) throws {
        let base = try WebURL(baseString)
        let resolver = ReferenceResolver(base: base)
        var random = SplitMix64(seed: 41)
        var read = 0
        for index in 0..<20_000 {
            // Every fourth a root path, which the generator seldom starts with.
            let raw = (index % 4 == 0 ? "/" : "") + random.text(from: ReferenceResolverTests.pieces, fewerThan: 7, plus: 1)
            let bytes = Array(raw.utf8)
            let expected = bytes.withUnsafeBufferPointer { resolver.resolveHTTP($0) }
            let inPlace = bytes.withUnsafeBufferPointer { bytes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: resolver.room(forReferenceOf: bytes.count)) { room -> WebURL?? in
                    guard let url = resolver.canonicalHTTP(bytes, room: room) else { return nil }
                    return .some(url.makeWebURL())
                }
            }
            if let inPlace {
                read += 1
                #expect(ReferenceResolverTests.parts(inPlace) == ReferenceResolverTests.parts(expected), "\(raw) against \(baseString)")
            } else {
                let parsed = bytes.withUnsafeBufferPointer { resolver.resolveHTTPParsing($0) }
                #expect(ReferenceResolverTests.parts(parsed) == ReferenceResolverTests.parts(expected), "\(raw) against \(baseString)")
            }
        }
        if base.isHTTPS { #expect(read > 20, "only \(read) references read in place") }
    }
}
