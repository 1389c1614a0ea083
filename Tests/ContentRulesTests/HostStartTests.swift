import Testing
@testable import ContentRules

/// `HostAnchoredFilter.Prefix.forEachHostStart` takes the colon that ends
/// an http(s) URL's scheme from the scheme tests rather than scanning for it:
/// it must give the same starts, with the same prefixes, in the same order,
/// as the scan did, under every scheme form and wherever the host's dots and
/// the path's slash fall (a start missed would miss a host-anchored block).
@Suite("Host starts")
struct HostStartTests {
    /// The starts as `forEachHostStart` gave them when it scanned every URL for its colon.
    static func plainStarts(in url: [UInt8]) -> [[Int]] {
        typealias Prefix = HostAnchoredFilter.Prefix
        let count = url.count
        var colon = 0
        while colon < count, url[colon] != 0x3A { colon += 1 }
        guard colon > 0, colon < count else { return [] }
        let schemes = url.withUnsafeBufferPointer { SchemeTest.passed(by: $0) }
        var start = colon + 1
        var allowed = Prefix.anySchemeAnySubdomains.bit
        if start + 1 < count, url[start] == 0x2F, url[start + 1] == 0x2F {
            start += 2
            if schemes.contains(.http) { allowed |= Prefix.httpAnySubdomains.bit }
            if schemes.contains(.schemeLetters) { allowed |= Prefix.schemeLettersOneLabel.bit }
        }
        var starts = [[start, Int(allowed)]]
        var label = start
        while label < count, Prefix.isLabelByte(url[label]) { label += 1 }
        let secondStartAllowsLetters = label > start && label < count && url[label] == 0x2E
        let subdomains = allowed & ~Prefix.schemeLettersOneLabel.bit
        var index = start
        while index < count, url[index] != 0x2F {
            if url[index] == 0x2E, index > start {
                starts.append([index + 1, Int(subdomains | (index == label && secondStartAllowsLetters ? allowed & Prefix.schemeLettersOneLabel.bit : 0))])
            }
            index += 1
        }
        return starts
    }

    static func starts(in url: [UInt8]) -> [[Int]] {
        var starts: [[Int]] = []
        url.withUnsafeBufferPointer { url in
            HostAnchoredFilter.Prefix.forEachHostStart(in: url, schemes: SchemeTest.passed(by: url)) { starts.append([$0, Int($1)]) }
        }
        return starts
    }

    @Test("a dot, a slash or a colon at every position of hosts up to 26 bytes long, under each scheme form")
    func everyPosition() {
        for head in ["https://", "http://", "HTTP://", "wss://", "ftp://", "mailto:", "h:"] {
            for length in 0...26 {
                let host = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                for first in 0..<max(length, 1) {
                    for second in [UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), 0x80, 0xAE] {
                        var bytes = host
                        if first < length { bytes[first] = UInt8(ascii: ".") }
                        // A second byte of each kind after the first, and the dots of a host around it.
                        if first + 3 < length { bytes[first + 3] = second }
                        let url = Array(head.utf8) + bytes + Array("/a.b/c.d".utf8)
                        #expect(Self.starts(in: url) == Self.plainStarts(in: url), "\(String(decoding: url, as: UTF8.self))")
                        let bare = Array(head.utf8) + bytes
                        #expect(Self.starts(in: bare) == Self.plainStarts(in: bare), "\(String(decoding: bare, as: UTF8.self))")
                    }
                }
            }
        }
    }

    @Test("the request corpus's URLs and pages")
    func corpus() throws {
        for (url, _, request) in try RequestCorpus.requests() {
            for text in [url, request.url.serialization, request.pageURL?.serialization ?? ""] {
                let bytes = Array(text.utf8)
                #expect(Self.starts(in: bytes) == Self.plainStarts(in: bytes), "\(text)")
            }
        }
    }
}
