/// Finds a body's character set and converts it to UTF-8, so that pages are
/// served as UTF-8 whatever the site sent.
public enum TextDecoding {
    /// The charset of `body`: a BOM first, then the `charset=` of
    /// `contentType`, then a `<meta charset>` / `<meta http-equiv>` in the
    /// first 1024 bytes (HTML only), else "utf-8". Lower-cased.
    public static func charset(contentType: String?, body: [UInt8]) -> String {
        "utf-8"
    }

    /// `body` converted from `charset` to UTF-8 (a BOM removed).
    /// Throws when the charset is unknown or the bytes are not valid in it.
    public static func utf8(_ body: [UInt8], charset: String) throws(TextDecodingError) -> [UInt8] {
        body
    }
}

public struct TextDecodingError: Error, Sendable, CustomStringConvertible {
    public var charset: String
    public var message: String
    public init(charset: String, message: String) {
        self.charset = charset
        self.message = message
    }
    public var description: String { "\(charset): \(message)" }
}
