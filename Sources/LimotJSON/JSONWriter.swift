/// Writes the JSON limot prints and saves (`--json` outputs, converted rule
/// lists, `rules match` lines): keys in the order they are written, UTF-8
/// as it is (non-ASCII and `/` unescaped), only `"`, `\` and control
/// characters escaped, so that outputs can be diffed and golden-tested.
///
/// Foundation's `JSONEncoder` sorts keys or keeps no order, and escapes `/`;
/// it stays only where Codable values are stored or printed as they are
/// (see `StoreCoding`, `limot history list --json`, `limot cache stats --json`).
///
/// Written as bytes: a converted rule list has over 100,000 rules, and
/// building it from small strings took longer than the conversion itself.
public struct JSONWriter {
    /// Where whitespace goes.
    public enum Layout: Sendable {
        /// No whitespace at all: one value a line (`rules match`, diagnostics).
        case compact
        /// Members and elements on lines of their own, indented by two spaces,
        /// `": "` between key and value (`limot lookup --json`).
        case pretty
    }

    public let layout: Layout
    /// The JSON written so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// Whether nothing has been written yet in the innermost object or array.
    private var first = true

    public init(layout: Layout = .compact, reservingCapacity capacity: Int = 0) {
        self.layout = layout
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text` as it is: a number, a literal, or JSON made elsewhere.
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a string literal.
    public mutating func string(_ text: String) {
        Self.appendQuoted(text, to: &bytes)
    }

    /// Appends a string literal, or `null`.
    public mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// Appends an object whose members `body` writes with ``member(_:_:)``.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        first = true
        body(&self)
        depth -= 1
        if !first { newline() }
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    /// Appends a member of the object being written: its key, and the value `value` writes.
    public mutating func member(_ key: String, _ value: (inout JSONWriter) -> Void) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        newline()
        string(key)
        bytes.append(UInt8(ascii: ":"))
        if layout == .pretty { bytes.append(UInt8(ascii: " ")) }
        first = true
        value(&self)
        first = false
    }

    /// Appends an array of `elements`, each written by `write`.
    public mutating func array<Elements: Sequence>(_ elements: Elements, _ write: (inout JSONWriter, Elements.Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        depth += 1
        var empty = true
        for element in elements {
            if !empty { bytes.append(UInt8(ascii: ",")) }
            empty = false
            newline()
            first = true
            write(&self, element)
        }
        depth -= 1
        if !empty { newline() }
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// Appends a parsed value as it reads (members in their order), so that
    /// JSON a person wrote can be kept and written again (`user-rules.json`).
    /// Whole numbers are written without a fraction.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { raw(String(Int64(number))) } else { raw(String(number)) }
        case .string(let text): string(text)
        case .array(let elements, _, _): array(elements) { $0.value($1) }
        case .object(let object):
            self.object { writer in
                for (key, member) in object.members { writer.member(key) { $0.value(member) } }
            }
        }
    }

    private mutating func newline() {
        guard layout == .pretty else { return }
        bytes.append(0x0A)
        for _ in 0..<depth { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    /// `text` as a JSON string literal, for JSON put together by hand.
    public static func quote(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal: `"`, `\` and control
    /// characters escaped (`\n`, `\r`, `\t`, else `\u00xx`), nothing else.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        // Most strings (URLs, selectors) need no escape: copied in one go.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if plain == true { return }
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 15)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

extension JSONValue {
    /// The value as one line of compact JSON (see `JSONWriter.value(_:)`).
    public var compactText: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.text
    }
}
