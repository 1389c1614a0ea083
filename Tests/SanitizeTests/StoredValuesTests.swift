import ContentRules
import Testing
import WebURL
@testable import Sanitize

/// Attribute values written as bytes into `StoredValues`: each committed
/// value keeps its bytes while the store lives, whatever is written after
/// it, and a proxy path written there is the one made the plain way.
@Suite struct StoredValuesTests {
    @Test("committed values keep their bytes; uncommitted room is written over")
    func committedValuesStay() {
        var random = SplitMix64(seed: 41)
        let values = StoredValues()
        var kept: [(bytes: UnsafeBufferPointer<UInt8>, expected: [UInt8])] = []
        for round in 0..<3_000 {
            // Mostly paths' lengths, now and then one longer than a block.
            let count = random.next(below: 20) == 0 ? random.next(below: 3 * StoredValues.blockSize) : random.next(below: 120)
            let expected = (0..<count).map { _ in UInt8(random.next(below: 256)) }
            let room = values.room(for: count + random.next(below: 8))
            for (index, byte) in expected.enumerated() { room[index] = byte }
            // One in three is not kept, as a path that is the URL as written.
            if round % 3 != 0 { kept.append((values.commit(count), expected)) }
        }
        for (bytes, expected) in kept { #expect(Array(bytes) == expected) }
    }

    static let hosts = ["www.loghatnameh.de", "cdn.example", "a`b{c}d\"e.example", "xn--bcher-kva.example", "192.0.2.7", "[2001:db8::1]", "a_b.example"]
    static let rests = ["", "/", "/img/a.png", "/a%2Fb?x=%20y", "/?", "/p?q=1&r=2", "/%D8%AE.mp3"]
    static let fragments: [String?] = [nil, "", "top", "a%20b", "x?y#"]
    static let singleTypes = ResourceTypes.triggerNames.map { $0.types }.filter { $0.rawValue.nonzeroBitCount == 1 }.sorted { $0.rawValue < $1.rawValue }

    /// The proxy path as the map's description says it, pieces joined as Strings.
    static func plainPath(_ url: WebURL, _ type: ResourceTypes) -> String? {
        guard url.isHTTP || url.isHTTPS, url.username.isEmpty, url.password.isEmpty else { return nil }
        guard let name = type.names.first, !url.hostname.isEmpty, url.hostname != ".", url.hostname != ".." else { return nil }
        return "/_limot/sub/" + name + "/" + url.scheme + "/" + ProxyURLMap.pathSegment(ofHost: url.hostname)
            + (url.port.map { ":\($0)" } ?? "") + url.pathAndQuery
    }

    @Test("a proxy path written as bytes is the path the plain way, with its fragment")
    func writtenPathsAreThePlainPaths() throws {
        let map = Fixtures.urlMap
        let values = StoredValues()
        var random = SplitMix64(seed: 42)
        var written = 0
        for _ in 0..<3_000 {
            let scheme = ["https://", "http://", "https://user@", "ftp://"][random.next(below: 4)]
            let port = ["", "", ":8080", ":443", ":80"][random.next(below: 5)]
            let host = Self.hosts[random.next(below: Self.hosts.count)]
            let fragment = Self.fragments[random.next(below: Self.fragments.count)]
            let string = scheme + host + port + Self.rests[random.next(below: Self.rests.count)] + (fragment.map { "#" + $0 } ?? "")
            guard let url = try? WebURL(string) else { continue }
            // Each single type (the map reads their names from a table of bytes), now and then a set of two.
            var type = Self.singleTypes[random.next(below: Self.singleTypes.count)]
            if random.next(below: 10) == 0 { type.formUnion(Self.singleTypes[random.next(below: Self.singleTypes.count)]) }
            let page = url.removingFragment
            var serialization = url.serialization
            let bytes = serialization.withUTF8 { bytes in
                map.writeSubresourcePath(for: page, type: type, fragment: url.fragmentRange.map { UnsafeBufferPointer(rebasing: bytes[$0]) }, into: values)
                    .map { Array(values.commit($0.count)) }
            }
            let expected = Self.plainPath(page, type).map { $0 + (url.fragment.map { "#" + $0 } ?? "") }
            #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == expected, "\(string) as \(type)")
            #expect((bytes == nil) == (map.subresourcePath(for: page, type: type) == nil), "\(string)")
            if bytes != nil { written += 1 }
        }
        #expect(written > 1_000, "only \(written) paths written: the generator no longer makes them")
    }
}
