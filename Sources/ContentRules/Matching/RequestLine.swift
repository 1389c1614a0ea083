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
        ///
        /// A backslash can stand in a JSON line only inside a string, as an
        /// escape, which makes the line no flat line: so one search of the
        /// whole line for a backslash answers for all its strings, and each
        /// string then ends at its next quote. A key is read as one word
        /// (`Field.read`), not scanned to its quote and compared byte by
        /// byte. Reading a line so cost 590 instructions where a scan of
        /// each string for its quote or a backslash and each key compared
        /// byte by byte cost 865 (callgrind, `rules match` on the benchmark
        /// corpus, memchr included).
        public init?(flat bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !ByteScan.contains(UInt8(ascii: "\\"), in: bytes) else { return nil }
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
            /// Where a string is (the line holds no backslash), the position after its closing quote.
            func string() -> Range<Int>? {
                guard take(UInt8(ascii: "\"")) else { return nil }
                let start = position
                let end = ByteScan.firstIndex(of: UInt8(ascii: "\""), in: bytes, from: start)
                guard end < bytes.count else { return nil }
                position = end + 1
                return start..<end
            }
            /// The key at `position`, the position after its closing quote.
            /// Its quotes and spelling are at least nine bytes from a line's
            /// end (the shortest flat line, `{"url":""}`, has a colon, a
            /// value and a brace after its key), so the word after its
            /// opening quote can be read whole.
            func key() -> Field? {
                guard position + 9 <= bytes.count, bytes[position] == UInt8(ascii: "\""),
                    let (field, length) = Field.read(ByteScan.word(base, position + 1))
                else { return nil }
                position += length + 2
                return field
            }
            var url: Range<Int>?
            var type, page, frame, method: Range<Int>?
            skipWhitespace()
            guard take(UInt8(ascii: "{")) else { return nil }
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return nil }
            while true {
                skipWhitespace()
                guard let field = key() else { return nil }
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
    enum Field {
        case url, type, page, frame, method

        /// The key spelled at the start of `word` (eight bytes read
        /// little-endian, the first in the lowest bits) and closed by a
        /// quote there, with its length; nil for any other start (another
        /// key, an escape, a key that goes on).
        static func read(_ word: UInt64) -> (Field, length: Int)? {
            // Each key and its closing quote, little-endian: `url"` is 0x75 0x72 0x6C 0x22.
            switch word & 0xFF {
            case 0x75 where word & 0xFFFF_FFFF == 0x226C_7275: (.url, 3)
            case 0x74 where word & 0xFF_FFFF_FFFF == 0x22_6570_7974: (.type, 4)
            case 0x70 where word & 0xFF_FFFF_FFFF == 0x22_6567_6170: (.page, 4)
            case 0x66 where word & 0xFFFF_FFFF_FFFF == 0x2265_6D61_7266: (.frame, 5)
            case 0x6D where word & 0xFF_FFFF_FFFF_FFFF == 0x22_646F_6874_656D: (.method, 6)
            default: nil
            }
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
