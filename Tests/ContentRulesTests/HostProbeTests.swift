import Testing
@testable import ContentRules

/// `HostIndex.forEachProbe` finds the host starts, their labels and the keys
/// it probes with in one pass over the host: it must probe with the same
/// keys, at the same starts, with the same prefixes and in the same order as
/// the plain statement of them, the starts of `forEachHostStart` (itself
/// held to `HostStartTests.plainStarts`), each label read on its own.
@Suite("Host index probes")
struct HostProbeTests {
    /// The probes for `url`, start by start: the first label's key when the
    /// label is not empty and a dot ends it, then the key of the first two
    /// labels when the second is such a label too (`HostIndex.key(of:)`).
    static func plainProbes(in url: [UInt8]) -> [[UInt64]] {
        /// The end of the label at `start`: a dot, a slash or the URL's end.
        func labelEnd(from start: Int) -> Int {
            var end = start
            while end < url.count, url[end] != UInt8(ascii: "."), url[end] != UInt8(ascii: "/") { end += 1 }
            return end
        }
        func endsAtDot(_ start: Int, _ end: Int) -> Bool { end > start && end < url.count && url[end] == UInt8(ascii: ".") }
        var probes: [[UInt64]] = []
        for start in HostStartTests.plainStarts(in: url) {
            let (position, prefixes) = (start[0], UInt64(start[1]))
            let firstEnd = labelEnd(from: position)
            guard endsAtDot(position, firstEnd) else { continue }
            probes.append([hostKey(Array(url[position..<firstEnd])), UInt64(position), prefixes])
            let secondEnd = labelEnd(from: firstEnd + 1)
            if endsAtDot(firstEnd + 1, secondEnd) {
                probes.append([hostKey(Array(url[position..<secondEnd])), UInt64(position), prefixes])
            }
        }
        return probes
    }

    static func probes(in url: [UInt8]) -> [[UInt64]] {
        var probes: [[UInt64]] = []
        url.withUnsafeBufferPointer { url in
            HostIndex.forEachProbe(in: url, schemes: SchemeTest.passed(by: url)) { key, start, prefixes in
                probes.append([key, UInt64(start), UInt64(prefixes)])
            }
        }
        return probes
    }

    @Test("every host of up to five bytes of letters, label bytes, dots, slashes and colons, under each scheme form")
    func everyShortHost() {
        let pieces: [[UInt8]] = ["a", "B", "-", "_", ".", "/", ":"].map { Array($0.utf8) }
        var hosts: [[UInt8]] = [[]]
        var last: [[UInt8]] = [[]]
        for _ in 1...5 {
            last = last.flatMap { host in pieces.map { host + $0 } }
            hosts += last
        }
        var compared = 0
        for head in ["https://", "http://", "HTTP://", "wss://", "ftp://", "mailto:", "h:"] {
            for host in hosts {
                for tail in ["", "/a.b/c.d", ".cd.Ef/x"] {
                    let url = Array(head.utf8) + host + Array(tail.utf8)
                    let (found, expected) = (Self.probes(in: url), Self.plainProbes(in: url))
                    if found != expected {
                        Issue.record("\(String(decoding: url, as: UTF8.self)): \(found) where \(expected)")
                        return
                    }
                    compared += expected.count
                }
            }
        }
        // The comparison must see probes, or equality would prove nothing.
        #expect(compared > 100_000)
    }

    @Test("the request corpus's URLs and pages")
    func corpus() throws {
        for (url, _, request) in try RequestCorpus.requests() {
            for text in [url, request.url.serialization, request.pageURL?.serialization ?? ""] {
                let bytes = Array(text.utf8)
                #expect(Self.probes(in: bytes) == Self.plainProbes(in: bytes), "\(text)")
            }
        }
    }
}
