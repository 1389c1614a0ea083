/// Why a JSON text could not be parsed, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A JSON parser over UTF-8 bytes that keeps source lines.
///
/// It accepts what WebKit's JSON reader accepts, which is slightly more than
/// RFC 8259: raw control characters inside strings and the escapes `\v` and
/// `\xHH` (a rule list Safari loads must load here too).
public struct JSONParser {
    /// Nesting deeper than this is refused, as WebKit refuses it.
    public static let maximumDepth = 1001

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document. A byte-order mark is an error, as in WebKit.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JSONSyntaxError(message: "a byte-order mark before the JSON (WebKit refuses it; save the file as UTF-8 without BOM)", line: 1, column: 1)
        }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position != bytes.count {
            throw parser.error("unexpected content after the end of the JSON value")
        }
        return value
    }

    /// Parses a JSON document whose top level should be an array, handing
    /// each element and the line it starts on to `handle` as soon as it is
    /// read, so that a rule list's elements are never all in memory at once
    /// (nor is the memory they took left in pieces between the rules kept).
    /// Returns nil when the document is an array, and the whole value,
    /// unhandled, when it is not. A syntax error may come after elements
    /// were handled: the caller must then discard what it made of them.
    public static func forEachElement(of bytes: [UInt8], _ handle: (JSONValue, Int) -> Void) throws(JSONSyntaxError) -> JSONValue? {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JSONSyntaxError(message: "a byte-order mark before the JSON (WebKit refuses it; save the file as UTF-8 without BOM)", line: 1, column: 1)
        }
        parser.skipWhitespace()
        var other: JSONValue?
        if parser.position < bytes.count, bytes[parser.position] == UInt8(ascii: "[") {
            try parser.readArray(handle)
        } else {
            other = try parser.parseValue()
        }
        parser.skipWhitespace()
        if parser.position != bytes.count {
            throw parser.error("unexpected content after the end of the JSON value")
        }
        return other
    }

    /// Parses one JSON document from a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, line: line, column: position - lineStart + 1)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D:
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            default:
                return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(printable(bytes[position]))'")
        }
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            position + count <= bytes.count && bytes[position..<position + count].elementsEqual(expected)
        }
        guard matches else { throw error("invalid literal") }
        position += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        let startLine = line
        var elements: [JSONValue] = []
        var elementLines: [Int] = []
        try readArray { element, line in
            elements.append(element)
            elementLines.append(line)
        }
        return .array(elements, line: startLine, elementLines: elementLines)
    }

    /// Reads the array at `position`, handing each element and the line it
    /// starts on to `handle` as soon as it is read.
    private mutating func readArray(_ handle: (JSONValue, Int) -> Void) throws(JSONSyntaxError) {
        try enter()
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            let elementLine = line
            handle(try parseValue(), elementLine)
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated array") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "]") { break }
            if byte != UInt8(ascii: ",") { position -= 1; throw error("expected ',' or ']' in array") }
        }
        depth -= 1
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let startLine = line
        try enter()
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var memberLines: [Int] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject(members: members, line: startLine, memberLines: memberLines))
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key in object")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after object key")
            }
            position += 1
            skipWhitespace()
            memberLines.append(line)
            members.append((key, try parseValue()))
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated object") }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "}") { break }
            if byte != UInt8(ascii: ",") { position -= 1; throw error("expected ',' or '}' in object") }
        }
        depth -= 1
        return .object(JSONObject(members: members, line: startLine, memberLines: memberLines))
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func digits(_ p: inout Int, _ bytes: [UInt8]) -> Int {
            let s = p
            while p < bytes.count, bytes[p] >= 0x30, bytes[p] <= 0x39 { p += 1 }
            return p - s
        }
        guard position < bytes.count else { throw error("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits(&position, bytes) == 0 {
            throw error("invalid number")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            if digits(&position, bytes) == 0 { throw error("invalid number: digits expected after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            if digits(&position, bytes) == 0 { throw error("invalid number: digits expected in exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let number = Double(text) else { throw error("invalid number") }
        return .number(number)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let s = String(decoding: bytes[start..<position], as: UTF8.self)
                position += 1
                return s
            }
            if byte == UInt8(ascii: "\\") { break }
            position += 1
        }
        var scalars = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "v"): scalars.append(0x0B)
            case UInt8(ascii: "x"):
                guard position + 2 <= bytes.count, let high = Self.hexDigit(bytes[position]), let low = Self.hexDigit(bytes[position + 1]) else {
                    throw error("invalid \\x escape")
                }
                position += 2
                appendUTF8(UInt32(high << 4 | low), to: &scalars)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
                    bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                {
                    position += 2
                    let low = try parseHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        appendUTF8(0xFFFD, to: &scalars)
                        code = low
                    }
                }
                let scalar = (0xD800..<0xE000).contains(code) ? 0xFFFD : code
                appendUTF8(scalar, to: &scalars)
            default:
                position -= 1
                throw error("invalid escape '\\\(printable(escape))' in string")
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    private func appendUTF8(_ code: UInt32, to out: inout [UInt8]) {
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}
