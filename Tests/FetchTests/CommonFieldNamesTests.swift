import FixtureSupport
import HTTPTypes
import Testing

@testable import Fetch

/// A response header line's name taken from `CommonFieldNames` is the name
/// `HTTPField.Name(String)` makes of the line's text: the same spelling
/// kept (`rawName`) and the same lower-cased one compared (`canonicalName`).
@Suite struct CommonFieldNamesTests {
    /// The name as it was made before: the bytes as text, then validated.
    private func plainName(_ bytes: [UInt8]) -> HTTPField.Name? {
        bytes.withUnsafeBytes { HTTPField.Name(ResponseHeaderParser.text($0)) }
    }

    private func tableName(_ bytes: [UInt8]) -> HTTPField.Name? {
        bytes.withUnsafeBytes { CommonFieldNames.name($0) }
    }

    private func expectSame(_ bytes: [UInt8]) {
        guard let found = tableName(bytes) else { return }
        let plain = plainName(bytes)
        #expect(found.rawName == plain?.rawName && found.canonicalName == plain?.canonicalName, "\(bytes)")
        #expect(Array(found.rawName.utf8) == bytes, "the name kept is the one sent")
    }

    @Test func everySpellingIsFoundAsItIsSpelled() {
        for spelling in CommonFieldNames.spellings {
            let bytes = Array(spelling.utf8)
            #expect(tableName(bytes) != nil, "\(spelling)")
            expectSame(bytes)
        }
        #expect(tableName(Array("content-type".utf8))?.rawName == "content-type")
        #expect(tableName(Array("Content-Type".utf8))?.rawName == "Content-Type")
    }

    /// Other casings, one byte more or less, a byte changed: not found, or
    /// found as exactly what the plain way makes.
    @Test func nearMissesAreNotTakenForANameOfTheTable() {
        for spelling in CommonFieldNames.spellings {
            let bytes = Array(spelling.utf8)
            var variants: [[UInt8]] = [Array(spelling.uppercased().utf8), Array(bytes.dropLast()), Array(bytes.dropFirst()),
                                       bytes + [UInt8(ascii: "s")], [UInt8(ascii: "X")] + bytes, bytes + [0x20], [0x20] + bytes]
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 0x20
                variants.append(changed)
                changed[index] = 0xC3
                variants.append(changed)
            }
            for variant in variants {
                if let found = tableName(variant) {
                    #expect(Array(found.rawName.utf8) == variant, "\(spelling) -> \(variant)")
                }
                expectSame(variant)
            }
        }
    }

    /// Seeded names of every length up to past the longest, made of the
    /// bytes names are made of: each found one is the plain way's name.
    @Test func generatedNamesAgreeWithThePlainWay() {
        var random = SeededGenerator(seed: 32)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        let pieces = CommonFieldNames.spellings.map { Array($0.utf8) } + [[0x2D], [0x41], [0x61], [0x20], [0x3A], [0xFF], [0xC3, 0xA9]]
        var found = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<next(3) + 1 { bytes += pieces[next(pieces.count)] }
            if next(4) == 0, !bytes.isEmpty { bytes.removeLast(next(bytes.count) + 1) }
            if tableName(bytes) != nil { found += 1 }
            expectSame(bytes)
        }
        #expect(found > 1_000, "enough generated names are in the table")
    }

    /// The parser keeps the same fields with the table as without it: a
    /// server's usual answer, HTTP/1.1 and lower-cased as HTTP/2 sends it.
    @Test func parsedAnswersKeepTheirNamesAsSent() {
        let lines = ["HTTP/1.1 200 OK", "Server: nginx", "Date: Sat, 28 Nov 2026 16:00:00 GMT", "Content-Type: text/html",
                     "content-length: 5", "Connection: keep-alive", "ETag: \"1\"", "Etag: \"2\"", "X-Custom: a", "cache-control: no-store"]
        var parser = ResponseHeaderParser(limit: 10_000)
        for line in lines {
            #expect(Array((line + "\r\n").utf8).withUnsafeBytes { parser.consume($0) })
        }
        let expected = lines.dropFirst().map { line -> String in
            let colon = line.firstIndex(of: ":")!
            return HTTPField(name: HTTPField.Name(String(line[..<colon]))!, value: String(line[line.index(colon, offsetBy: 2)...])).description
        }
        #expect(parser.headers.map(\.description) == expected)
        #expect(parser.headers.map(\.name.rawName) == lines.dropFirst().map { String($0[..<$0.firstIndex(of: ":")!]) })
    }

    @Test func statusLinesAreToldByTheirFirstFiveBytes() {
        for (line, expected) in [("HTTP/1.1 200 OK", true), ("HTTP/2 200", true), ("HTTP/", true), ("HTTP", false), ("http/1.1 200", false),
                                 ("HTTPX", false), ("XHTTP/", false), ("", false)] {
            let bytes = Array(line.utf8)
            #expect(bytes.withUnsafeBytes { ResponseHeaderParser.isStatusLine($0) } == expected, "\(line)")
            #expect(bytes.starts(with: "HTTP/".utf8) == expected, "the reference agrees")
        }
    }
}
