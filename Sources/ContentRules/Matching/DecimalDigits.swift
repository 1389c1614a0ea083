/// A number's decimal digits as bytes, for the writers that put numbers
/// into text they build byte by byte: `rules match` lines (a rule's index)
/// and the sanitizer's blocked-load records ("file#index").
public enum DecimalDigits {
    /// Calls `body` with `number`'s decimal digits (a `-` first when it is
    /// negative), written on the stack: a `String` of it and a `+=` of its
    /// `utf8` view cost some hundred instructions, and appending digit by
    /// digit checked the room each time.
    @inlinable
    public static func with<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // 20 bytes: Int.min's 19 digits and its sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var rest = number.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if number < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
