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
    /// printable ASCII but for a quote or a backslash (nothing to escape: a URL's
    /// serialization always is); else by `json(_:)`. Every page view
    /// saves its session's whole list of addresses (up to 200): `JSONEncoder`
    /// took 13 allocations and about 13,000 instructions for one address
    /// (callgrind); this takes one allocation and a few instructions a byte.
    static func json(strings texts: [String]) throws -> String {
        var length = 2 + max(0, texts.count - 1)
        for text in texts { length += text.utf8.count + 2 }
        var plain = true
        let written = String(unsafeUninitializedCapacity: length) { out in
            var at = 0
            func put(_ byte: UInt8) {
                out[at] = byte
                at &+= 1
            }
            put(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() where plain {
                if index > 0 { put(UInt8(ascii: ",")) }
                put(UInt8(ascii: "\""))
                var text = text
                text.withUTF8 { bytes in
                    for byte in bytes {
                        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else {
                            plain = false
                            return
                        }
                        put(byte)
                    }
                }
                put(UInt8(ascii: "\""))
            }
            put(UInt8(ascii: "]"))
            return plain ? at : 0
        }
        return plain ? written : try json(texts)
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
