import UTF8Check

/// Finds a body's character set and converts it to UTF-8, so that pages are
/// served as UTF-8 whatever the site sent.
///
/// Persian pages still come as windows-1256 now and then, and German ones as
/// ISO-8859-1; the sanitiser and the browser both work on UTF-8, so the proxy
/// converts once, here, and fails loudly on bytes that do not belong to the
/// declared charset rather than showing mojibake.
public enum TextDecoding {
    /// The charset of `body`: a BOM first, then the `charset=` of
    /// `contentType`, then a `<meta charset>` / `<meta http-equiv>` in the
    /// first 1024 bytes (HTML only), else "utf-8". Lower-cased.
    ///
    /// Known labels come back under their canonical name as browsers use it
    /// ("latin1" and "iso-8859-1" → "windows-1252", "utf-16" → "utf-16le");
    /// an unknown label comes back as given (lower-cased), so that `utf8`
    /// can report it.
    public static func charset(contentType: String?, body: [UInt8]) -> String {
        if let bom = CharsetSniffer.byteOrderMark(body) { return bom.charset }
        if let contentType, let label = CharsetSniffer.contentTypeCharset(contentType) {
            return CharsetLabels.canonical(label)
        }
        let mayBeHTML = contentType.map(mentionsHTML) ?? true
        if mayBeHTML, let label = CharsetSniffer.metaCharset(body) {
            let charset = CharsetLabels.canonical(label)
            // A meta tag cannot declare UTF-16: its own bytes were read as ASCII.
            if charset == "utf-16le" || charset == "utf-16be" { return "utf-8" }
            return charset
        }
        return "utf-8"
    }

    /// `body` converted from `charset` to UTF-8 (a BOM removed).
    /// Throws when the charset is unknown or the bytes are not valid in it.
    ///
    /// - Throws: `TextDecodingError` naming the charset and, for invalid
    ///   bytes, the offset of the first one in `body`.
    public static func utf8(_ body: [UInt8], charset: String) throws(TextDecodingError) -> [UInt8] {
        try validUTF8(body, charset: charset).bytes
    }

    /// `utf8(_:charset:)` with its check carried along, so that the
    /// sanitizer does not check the page again. What iconv converted is
    /// checked here too (and repaired, as the sanitizer would have).
    ///
    /// - Throws: `TextDecodingError`, as `utf8(_:charset:)`.
    public static func validUTF8(_ body: [UInt8], charset: String) throws(TextDecodingError) -> ValidUTF8 {
        let canonical = CharsetLabels.canonical(charset)
        var skipped = 0
        if let bom = CharsetSniffer.byteOrderMark(body), bom.charset == canonical { skipped = bom.length }
        let input = skipped == 0 ? body : Array(body[skipped...])
        if canonical == "utf-8" {
            guard let valid = ValidUTF8(checking: input) else {
                let offset = UTF8Check.firstInvalidByte(in: input) ?? 0
                throw TextDecodingError(charset: canonical, message: invalidMessage(body, offset: offset + skipped))
            }
            return valid
        }
        do throws(Iconv.Failure) {
            return ValidUTF8(repairing: try Iconv.utf8(input, from: CharsetLabels.iconvName(canonical), fallback: canonical == "windows-1252" ? windows1252Undefined : [:]))
        } catch {
            switch error {
            case .unknownCharset:
                throw TextDecodingError(charset: canonical, message: "unknown charset '\(charset)'")
            case .invalidByte(let offset):
                throw TextDecodingError(charset: canonical, message: invalidMessage(body, offset: offset + skipped))
            case .truncated(let offset):
                throw TextDecodingError(charset: canonical, message: "incomplete character at the end, from byte offset \(offset + skipped)")
            }
        }
    }

    /// Whether a Content-Type says "html" (any case): read as bytes, where
    /// `lowercased().contains` was Foundation's string search.
    private static func mentionsHTML(_ contentType: String) -> Bool {
        let bytes = Array(contentType.utf8)
        guard bytes.count >= 4 else { return false }
        return (0...(bytes.count - 4)).contains { index in
            bytes[index] | 0x20 == UInt8(ascii: "h") && bytes[index + 1] | 0x20 == UInt8(ascii: "t")
                && bytes[index + 2] | 0x20 == UInt8(ascii: "m") && bytes[index + 3] | 0x20 == UInt8(ascii: "l")
        }
    }

    private static func invalidMessage(_ body: [UInt8], offset: Int) -> String {
        let byte = offset < body.count ? body[offset] : 0
        let hex = String(byte, radix: 16, uppercase: true)
        return "invalid byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset)"
    }

    /// Browsers decode windows-1252's undefined 0x81, 0x8D, 0x8F, 0x90 and
    /// 0x9D as the C1 controls of the same value; iconv refuses them.
    private static let windows1252Undefined: [UInt8: [UInt8]] = [
        0x81: [0xC2, 0x81], 0x8D: [0xC2, 0x8D], 0x8F: [0xC2, 0x8F], 0x90: [0xC2, 0x90], 0x9D: [0xC2, 0x9D],
    ]
}

/// Why a body could not be converted to UTF-8.
public struct TextDecodingError: Error, Sendable, CustomStringConvertible {
    /// The (canonical) charset the body was read as.
    public var charset: String
    /// What went wrong, e.g. "invalid byte 0xFF at offset 17".
    public var message: String
    public init(charset: String, message: String) {
        self.charset = charset
        self.message = message
    }
    public var description: String { "\(charset): \(message)" }
}
