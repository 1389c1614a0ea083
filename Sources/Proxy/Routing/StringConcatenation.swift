extension String {
    /// `parts` one after another, written into one string made at its final
    /// size. Joined with `+` or interpolation, each part was appended on
    /// its own (some 350 to 850 instructions each, the page policy's 590
    /// bytes copied twice, a string grown), for headers made on every
    /// response (the page's Content-Security-Policy, a new session's cookie).
    init(concatenating parts: String...) {
        let count = parts.reduce(0) { $0 + $1.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { out in
            var written = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard let source = bytes.baseAddress else { return }
                    out.baseAddress!.advanced(by: written).initialize(from: source, count: bytes.count)
                    written += bytes.count
                }
            }
            return written
        }
    }
}
