import Foundation

/// How values are written into columns: times as integer milliseconds since
/// 1970 UTC, lists and results as JSON (UTF-8 kept as is, keys sorted so
/// that equal values are equal text).
enum StoreCoding {
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Foundation's `JSONEncoder`, not LimotJSON's writer: these are Codable
    /// values stored and read back whole, not output a person reads.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `json(texts)`, the same text, written straight when every text is
    /// printable ASCII (a URL's serialization always is; a quote and a
    /// backslash are escaped with a backslash); else by `json(_:)`. Every page view
    /// saves its session's whole list of addresses (up to 200): `JSONEncoder`
    /// took 13 allocations and about 13,000 instructions for one address
    /// (callgrind); this takes one allocation and a few instructions a byte.
    static func json(strings texts: [String]) throws -> String {
        var length = 2 + max(0, texts.count - 1)
        for text in texts { length += 2 * text.utf8.count + 2 }  // each byte escaped at most
        let written = String(unsafeUninitializedCapacity: length) { out in
            var at = 0
            put(UInt8(ascii: "["), out, &at)
            for (index, text) in texts.enumerated() {
                if index > 0 { put(UInt8(ascii: ","), out, &at) }
                guard putPlain(text, out, &at) else { return 0 }
            }
            put(UInt8(ascii: "]"), out, &at)
            return at
        }
        return written.isEmpty ? try json(texts) : written
    }

    /// `json(pairs.map { [$0.0, $0.1] })`, the same text, written straight
    /// when every text is plain (as in `json(strings:)`); else by `json(_:)`.
    /// A cache entry's headers are kept so (`CacheRow.headersJSON`), written
    /// again after every 304: `JSONEncoder` took about 116,000 instructions
    /// for a page's seven headers, a tenth of a revalidated page's request
    /// (callgrind, `profile_request.py --revalidated`).
    static func json(pairs: [(String, String)]) throws -> String {
        var length = 2 + max(0, pairs.count - 1)
        for (first, second) in pairs { length += 2 * (first.utf8.count + second.utf8.count) + 7 }  // each byte escaped at most
        let written = String(unsafeUninitializedCapacity: length) { out in
            var at = 0
            put(UInt8(ascii: "["), out, &at)
            for (index, (first, second)) in pairs.enumerated() {
                if index > 0 { put(UInt8(ascii: ","), out, &at) }
                put(UInt8(ascii: "["), out, &at)
                guard putPlain(first, out, &at) else { return 0 }
                put(UInt8(ascii: ","), out, &at)
                guard putPlain(second, out, &at) else { return 0 }
                put(UInt8(ascii: "]"), out, &at)
            }
            put(UInt8(ascii: "]"), out, &at)
            return at
        }
        return written.isEmpty ? try json(pairs.map { [$0.0, $0.1] }) : written
    }

    @inline(__always)
    private static func put(_ byte: UInt8, _ out: UnsafeMutableBufferPointer<UInt8>, _ at: inout Int) {
        out[at] = byte
        at &+= 1
    }

    /// Writes `text` quoted at `at` when it is printable ASCII, as
    /// `JSONEncoder` writes it: a quote and a backslash escaped with a
    /// backslash (an ETag is quoted), the rest as it is; false otherwise
    /// (and what was written is to be dropped). Takes at most twice the
    /// text's length and two.
    private static func putPlain(_ text: String, _ out: UnsafeMutableBufferPointer<UInt8>, _ at: inout Int) -> Bool {
        put(UInt8(ascii: "\""), out, &at)
        var text = text
        let plain = text.withUTF8 { bytes in
            for byte in bytes {
                guard byte >= 0x20, byte < 0x7F else { return false }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { put(UInt8(ascii: "\\"), out, &at) }
                put(byte, out, &at)
            }
            return true
        }
        put(UInt8(ascii: "\""), out, &at)
        return plain
    }

    static func decode<T: Decodable>(_ type: T.Type, json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// `texts` in order, each once.
    static func distinct(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }
}
