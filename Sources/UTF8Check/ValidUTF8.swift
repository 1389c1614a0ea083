/// Bytes that are well-formed UTF-8, by construction.
///
/// A page is checked when fetch converts it to UTF-8 and again when the
/// sanitizer is about to read it; carrying the first check's answer in the
/// type lets the second stage skip it (about 2% of the proxy's CPU on a
/// page never seen before, by `perf` on `proxy_compare.py`'s unique pages).
/// There is no unchecked initializer: every value was checked, repaired, or
/// came from a Swift `String`, whose UTF-8 is well-formed.
public struct ValidUTF8: Sendable, Equatable {
    /// The bytes, well-formed UTF-8.
    public let bytes: [UInt8]

    /// `bytes` if they are well-formed UTF-8, else nil.
    public init?(checking bytes: [UInt8]) {
        guard UTF8Check.firstInvalidByte(in: bytes) == nil else { return nil }
        self.bytes = bytes
    }

    /// `bytes`, with each ill-formed sequence replaced by U+FFFD as the
    /// standard library's decoder (and the HTML standard) replaces it.
    public init(repairing bytes: [UInt8]) {
        if UTF8Check.firstInvalidByte(in: bytes) == nil {
            self.bytes = bytes
        } else {
            self.bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
    }

    /// The UTF-8 of `text`: no check, since a `String`'s is well-formed.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }
}
