import LimotJSON

/// The fields of one `limot rules match` request line, as read from its
/// bytes: `{"url", "type", "page", "frame", "method"}` with string values.
public struct RequestLine: Sendable, Equatable {
    public var url: String
    public var type: String?
    public var page: String?
    public var frame: String?
    public var method: String?

    public init(url: String, type: String? = nil, page: String? = nil, frame: String? = nil, method: String? = nil) {
        self.url = url
        self.type = type
        self.page = page
        self.frame = frame
        self.method = method
    }

    /// Reads line `number` of a request file: the flat lines every corpus
    /// has through `Spans`, any other (escapes, numbers, unknown keys, bad
    /// JSON) through the JSON parser, which also words what is wrong with a
    /// bad one.
    public static func parse(_ bytes: ArraySlice<UInt8>, line number: Int) -> Result<RequestLine, RequestLineError> {
        let flat: RequestLine? = bytes.withUnsafeBufferPointer { bytes in
            guard let spans = Spans(flat: bytes) else { return nil }
            func text(_ span: Range<Int>?) -> String? {
                span.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            }
            return RequestLine(url: text(spans.url)!, type: text(spans.type), page: text(spans.page), frame: text(spans.frame),
                               method: text(spans.method))
        }
        if let flat { return .success(flat) }
        return parseJSON(bytes, line: number)
    }

    /// Reads a line through the JSON parser alone: what `parse` answers,
    /// more slowly (the fuzz check compares the two).
    public static func parseJSON(_ bytes: ArraySlice<UInt8>, line number: Int) -> Result<RequestLine, RequestLineError> {
        func failure(_ message: String) -> Result<RequestLine, RequestLineError> {
            .failure(RequestLineError(line: number, message: message))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(bytes))
        } catch {
            return failure("not a JSON object: \(error)")
        }
        guard let object = value.objectValue else { return failure("not a JSON object but \(value.kindDescription)") }
        guard let url = object["url"]?.stringValue else { return failure("no \"url\" string") }
        func string(_ key: String) -> Result<String?, Never>? {
            guard let field = object[key] else { return .success(nil) }
            if case .null = field { return .success(nil) }
            return field.stringValue.map { .success($0) }
        }
        var line = RequestLine(url: url)
        for (key, path) in [("type", \RequestLine.type), ("page", \.page), ("frame", \.frame), ("method", \.method)] as [(String, WritableKeyPath<RequestLine, String?>)] {
            guard case .success(let text)? = string(key) else { return failure("\"\(key)\" must be a string") }
            line[keyPath: path] = text
        }
        return .success(line)
    }

    /// Where the values of a flat line are in its bytes: a line that is one
    /// object of the five known keys with string (or null) values and no
    /// escapes, so that each value is its bytes as they stand. Read in one
    /// pass without building a JSON tree or a string, for `parse` and for
    /// `MatchRequestReader`, which builds a request straight from the bytes.
    public struct Spans: Sendable, Equatable {
        public var url: Range<Int>
        /// nil when the key is absent or null.
        public var type: Range<Int>?
        public var page: Range<Int>?
        public var frame: Range<Int>?
        public var method: Range<Int>?

        /// nil for anything but a flat line, which `parse` hands to the JSON
        /// parser. Where it answers, it answers as the parser would: a
        /// repeated key's last value wins, and a line without a "url" string
        /// is left to the parser to refuse.
        public init?(flat bytes: UnsafeBufferPointer<UInt8>) {
            var position = 0
            func skipWhitespace() {
                while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D || bytes[position] == 0x0A {
                    position += 1
                }
            }
            func take(_ byte: UInt8) -> Bool {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
                return true
            }
            /// Where a string without escapes is, the position after its closing quote.
            func string() -> Range<Int>? {
                guard take(UInt8(ascii: "\"")) else { return nil }
                let start = position
                let end = ByteScan.firstQuoteOrBackslash(in: bytes, from: start)
                guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
                position = end + 1
                return start..<end
            }
            var url: Range<Int>?
            var type, page, frame, method: Range<Int>?
            skipWhitespace()
            guard take(UInt8(ascii: "{")) else { return nil }
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return nil }
            while true {
                skipWhitespace()
                guard let key = string(), let field = Field(UnsafeBufferPointer(rebasing: bytes[key])) else { return nil }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipWhitespace()
                let value: Range<Int>?
                if position < bytes.count, bytes[position] == UInt8(ascii: "n") {
                    guard take(UInt8(ascii: "n")), take(UInt8(ascii: "u")), take(UInt8(ascii: "l")), take(UInt8(ascii: "l")) else { return nil }
                    value = nil
                } else {
                    guard let text = string() else { return nil }
                    value = text
                }
                switch field {
                case .url: url = value
                case .type: type = value
                case .page: page = value
                case .frame: frame = value
                case .method: method = value
                }
                skipWhitespace()
                if take(UInt8(ascii: "}")) { break }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
            skipWhitespace()
            guard position == bytes.count, let url else { return nil }
            (self.url, self.type, self.page, self.frame, self.method) = (url, type, page, frame, method)
        }
    }

    /// The keys a request line has.
    private enum Field {
        case url, type, page, frame, method

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.count {
            case 3 where Self.spells(key, "url"): self = .url
            case 4 where Self.spells(key, "type"): self = .type
            case 4 where Self.spells(key, "page"): self = .page
            case 5 where Self.spells(key, "frame"): self = .frame
            case 6 where Self.spells(key, "method"): self = .method
            default: return nil
            }
        }

        /// Whether the key's bytes are the literal's (of the same length),
        /// compared byte by byte rather than through the generic `elementsEqual`.
        @inline(__always)
        private static func spells(_ key: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
            let bytes = literal.utf8Start
            for index in 0..<key.count where key[index] != bytes[index] { return false }
            return true
        }
    }
}

/// Why a request line could not be read, and which line it is (1-based).
public struct RequestLineError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
