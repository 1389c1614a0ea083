import Testing
@testable import WebURL

/// `CanonicalHTTPBytes`, a canonical URL read in place, must be the URL
/// `WebURL(canonicalHTTP:)` (and `CanonicalHTTPOrigin.url(rootPath:)`)
/// make, nil where they are nil: the same bytes as its serialisation, the
/// same host, path-and-query and fragment ranges and scheme, the same URL
/// without its fragment, and `makeWebURL()` that URL.
@Suite("WebURL: a canonical URL read in place")
struct CanonicalHTTPBytesTests {
    /// Reference pieces: hosts the shortcut takes and refuses, path bytes it
    /// decides on, the query and fragment marks.
    static let starts = ["https://a.example", "http://www.loghatnameh.de", "https://A.example", "https://a.example:8080", "https://u@a.example",
                         "https://1.2.3.4", "http://x_y.example.", "https://", "ws://a.example", "HTTPS://a.example"]
    static let pieces = ["/", "/", "a", "9", ".", "..", "%2e", "%41", "?", "#", "&", "=", "'", "`", "{", " ", "\\", "é", "\t", "~"]

    /// Every part of `bytes` a caller reads, as the URL's own getters give them.
    static func parts(_ bytes: CanonicalHTTPBytes) -> [String] {
        [String(decoding: bytes.bytes, as: UTF8.self), "\(bytes.isHTTPS)", "\(bytes.hostnameRange)", "\(bytes.pathAndQueryRange)",
         "\(String(describing: bytes.fragmentRange))", String(decoding: bytes.removingFragment.bytes, as: UTF8.self),
         "\(bytes.removingFragment.pathAndQueryRange)", "\(String(describing: bytes.removingFragment.fragmentRange))"]
    }

    static func parts(_ url: WebURL) -> [String] {
        [url.serialization, "\(url.isHTTPS)", "\(url.hostnameRange)", "\(url.pathAndQueryRange)", "\(String(describing: url.fragmentRange))",
         url.removingFragment.serialization, "\(url.removingFragment.pathAndQueryRange)", "\(String(describing: url.removingFragment.fragmentRange))"]
    }

    /// A generator of the same numbers on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test("read in place, a URL is the one WebURL(canonicalHTTP:) makes")
    func readsAsTheShortcut() throws {
        var numbers = Numbers(state: 0x51)
        var answered = 0
        for _ in 0..<20_000 {
            var text = Self.starts[numbers.next(below: Self.starts.count)]
            // Some URLs end with their host, and get the path `/` in the room.
            if numbers.next(below: 5) > 0 {
                text += "/"
                for _ in 0..<numbers.next(below: 8) { text += Self.pieces[numbers.next(below: Self.pieces.count)] }
            }
            let made = WebURL(canonicalHTTP: text)
            var bytes = Array(text.utf8)
            let count = bytes.count
            bytes.append(0xFF)  // the room's byte past the reference, written over for a `/`
            let read = bytes.withUnsafeMutableBufferPointer { room -> ([String], WebURL)? in
                guard let url = WebURL.canonicalHTTPBytes(UnsafeBufferPointer(rebasing: room[..<count]), room: room) else { return nil }
                return (Self.parts(url), url.makeWebURL())
            }
            #expect(read?.0 == made.map(Self.parts), "\(text.debugDescription)")
            #expect(read?.1 == made, "\(text.debugDescription)")
            #expect(read?.1.host == made?.host, "\(text.debugDescription)")
            if made != nil { answered += 1 }
        }
        #expect(answered > 2_000, "only \(answered) URLs read: the generator no longer makes canonical ones")
    }

    @Test("a root path joined in place is the URL url(rootPath:) makes")
    func joinsAsTheOrigin() throws {
        var numbers = Numbers(state: 0x93)
        var answered = 0
        for originText in ["https://www.loghatnameh.de", "http://a.example", "https://xn--bcher-kva.example."] {
            let origin = try #require(CanonicalHTTPOrigin(Array(originText.utf8)))
            for _ in 0..<5_000 {
                var rootPath = numbers.next(below: 10) == 0 ? "" : "/"
                for _ in 0..<numbers.next(below: 9) { rootPath += Self.pieces[numbers.next(below: Self.pieces.count)] }
                let path = Array(rootPath.utf8)
                let made = path.withUnsafeBufferPointer { origin.url(rootPath: $0) }
                let read = path.withUnsafeBufferPointer { path in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: origin.bytes.count + path.count) { room -> ([String], WebURL)? in
                        guard let url = origin.canonicalBytes(rootPath: path, room: room) else { return nil }
                        return (Self.parts(url), url.makeWebURL())
                    }
                }
                #expect(read?.0 == made.map(Self.parts), "\(rootPath.debugDescription)")
                #expect(read?.1 == made, "\(rootPath.debugDescription)")
                if made != nil { answered += 1 }
            }
        }
        #expect(answered > 2_000, "only \(answered) paths joined")
    }
}
