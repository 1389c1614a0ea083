// Percent-encode sets and helpers (WHATWG URL Standard §1.3 "Percent-encoded bytes").
//
// Everything here works on UTF-8 bytes: a code point outside ASCII is always
// encoded in every set, so encoding byte by byte gives the same result as the
// standard's "UTF-8 percent-encode a code point".

/// A set of ASCII bytes that must be percent-encoded; every non-ASCII byte is
/// always in the set. Stored as a 128-bit mask so membership is two shifts.
struct PercentEncodeSet: Sendable {
    private let low: UInt64   // bytes 0x00–0x3F
    private let high: UInt64  // bytes 0x40–0x7F

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        if byte < 0x40 { return (low >> UInt64(byte)) & 1 == 1 }
        return (high >> UInt64(byte &- 0x40)) & 1 == 1
    }

    /// This set plus the given ASCII characters.
    private func adding(_ characters: String) -> PercentEncodeSet {
        var low = self.low, high = self.high
        for byte in characters.utf8 {
            precondition(byte < 0x80)
            if byte < 0x40 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 0x40) }
        }
        return PercentEncodeSet(low: low, high: high)
    }

    /// C0 controls (U+0000–U+001F), DEL and above U+007E. Used for opaque paths and opaque hosts.
    static let c0Control = PercentEncodeSet(low: 0xFFFF_FFFF, high: 1 << 63)
    /// C0 control set plus space " < > `.
    static let fragment = c0Control.adding(" \"<>`")
    /// C0 control set plus space " # < >.
    static let query = c0Control.adding(" \"#<>")
    /// The query set plus ', used for the query of special URLs.
    static let specialQuery = query.adding("'")
    /// The query set plus ? ^ ` { }.
    static let path = query.adding("?^`{}")
    /// The path set plus / and \: the bytes at which the canonical-URL
    /// shortcut's path scan stops to look closer (see `WebURL(canonicalHTTP:)`).
    static let pathOrSlash = path.adding("/\\")
    /// The path set plus / : ; = @ [ \ ] ^ |.
    static let userinfo = path.adding("/:;=@[\\]^|")
    /// The userinfo set plus $ % & + , : what `encodeURIComponent` leaves
    /// alone is exactly ASCII letters, digits and `!'()*-._~`.
    static let component = userinfo.adding("$%&+,")
}

extension WebURL {
    /// `text` UTF-8 percent-encoded with the WHATWG component percent-encode
    /// set, for one value inside a URL's query or path (a word looked up, a
    /// return path): `&`, `=`, `+`, `#`, `%`, `/` and spaces cannot change the
    /// URL's structure. "nach Hause" → `nach%20Hause`; خانه →
    /// `%D8%AE%D8%A7%D9%86%D9%87`. The one percent-encoder of limot's own URLs.
    public static func percentEncodedComponent(_ text: String) -> String {
        var output: [UInt8] = []
        appendPercentEncodedComponent(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` percent-encoded as `percentEncodedComponent` encodes
    /// it, as UTF-8 bytes (the navigation bar is written as bytes). Read
    /// in the String's own storage, runs that need no encoding copied
    /// whole: through the UTF-8 view's iterator, byte by byte, a page's
    /// address took about 4,100 instructions (callgrind).
    public static func appendPercentEncodedComponent(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.reserveCapacity(output.count + bytes.count)
            PercentEncoding.append(bytes, encodedWith: .component, to: &output)
        }
    }

    /// The value of the first `name=value` pair in an
    /// `application/x-www-form-urlencoded` query (a GET form's: `+` is a
    /// space, then percent-decoded), `""` for a bare `name`, nil when absent.
    ///
    /// Read in place: the pairs are found by scanning for `&` and `=`, a
    /// name is compared as it is written when it needs no decoding, and
    /// only the value returned is decoded. (Splitting the query into
    /// arrays and decoding every name made about six allocations a call,
    /// and the proxy asks twice a page.)
    public static func formValue(_ name: String, inQuery query: String?) -> String? {
        guard var query else { return nil }
        var name = name
        return query.withUTF8 { query in name.withUTF8 { name in formValue(name, inQuery: query) } }
    }

    private static func formValue(_ name: UnsafeBufferPointer<UInt8>, inQuery query: UnsafeBufferPointer<UInt8>) -> String? {
        var pairStart = 0
        while pairStart < query.count {
            let pairEnd = index(of: UInt8(ascii: "&"), in: query, from: pairStart, to: query.count)
            defer { pairStart = pairEnd + 1 }
            guard pairEnd > pairStart else { continue }  // `&&`: no pair
            let equals = index(of: UInt8(ascii: "="), in: query, from: pairStart, to: pairEnd)
            guard formName(UnsafeBufferPointer(rebasing: query[pairStart..<equals]), is: name) else { continue }
            return equals < pairEnd ? formDecoded(UnsafeBufferPointer(rebasing: query[(equals + 1)..<pairEnd])) : ""
        }
        return nil
    }

    /// The index of the first `byte` in `bytes[start..<end]`, or `end`.
    private static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, bytes[index] != byte { index += 1 }
        return index
    }

    /// Whether the written name `written`, form-decoded, is `name`. Compared
    /// byte for byte where both are ASCII and `written` holds no `+` or `%`
    /// (decoding leaves it as it is, and ASCII strings are equal only when
    /// their bytes are); otherwise decoded and compared as Strings are.
    private static func formName(_ written: UnsafeBufferPointer<UInt8>, is name: UnsafeBufferPointer<UInt8>) -> Bool {
        let plain = written.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "%") }
        if plain, name.allSatisfy({ $0 < 0x80 }) { return written.elementsEqual(name) }
        return formDecoded(written) == String(decoding: name, as: UTF8.self)
    }

    /// `bytes` form-decoded: `+` a space, then percent-decoded (a broken
    /// escape stays as written).
    private static func formDecoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let spaced = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        return String(decoding: PercentEncoding.decode(spaced), as: UTF8.self)
    }
}

enum PercentEncoding {
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Appends `byte`, percent-encoded when it is in `set`.
    @inline(__always)
    static func append(_ byte: UInt8, encodedWith set: PercentEncodeSet, to output: inout [UInt8]) {
        if set.contains(byte) {
            output.append(0x25)  // %
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        } else {
            output.append(byte)
        }
    }

    static func append<S: Sequence>(
        contentsOf bytes: S, encodedWith set: PercentEncodeSet, to output: inout [UInt8]
    ) where S.Element == UInt8 {
        for byte in bytes { append(byte, encodedWith: set, to: &output) }
    }

    /// Appends `bytes` percent-encoded with `set`, copying runs that need no encoding in bulk.
    static func append(_ bytes: ArraySlice<UInt8>, encodedWith set: PercentEncodeSet, to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0, encodedWith: set, to: &output) }
    }

    /// Appends `bytes` percent-encoded with `set`, copying runs that need no encoding in bulk.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, encodedWith set: PercentEncodeSet, to output: inout [UInt8]) {
        var runStart = bytes.startIndex
        var i = runStart
        while i < bytes.endIndex {
            if set.contains(bytes[i]) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                append(bytes[i], encodedWith: set, to: &output)
                runStart = i + 1
            }
            i += 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
    }

    /// The value of an ASCII hex digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// Percent-decodes bytes ("%" not followed by two hex digits is kept literally).
    static func decode<C: Collection>(_ input: C) -> [UInt8] where C.Element == UInt8, C.Index == Int {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var i = input.startIndex
        while i < input.endIndex {
            let byte = input[i]
            if byte == 0x25, i + 2 < input.endIndex,
                let high = hexValue(input[i + 1]), let low = hexValue(input[i + 2])
            {
                output.append(high << 4 | low)
                i += 3
            } else {
                output.append(byte)
                i += 1
            }
        }
        return output
    }
}
