// IPv4 host parsing (WHATWG URL Standard §3.5 "IPv4 parser") and serialisation.
//
// Browsers accept the historical inet_aton shorthands ("0x7f.1", "2130706433",
// "0177.0.0.1") and canonicalise them to dotted decimal. A filter or SSRF guard
// that only understood dotted quads could be bypassed with these spellings, so
// they are parsed exactly as the standard says.

enum IPv4 {
    /// The standard's "ends in a number" checker: decides whether a domain is
    /// handed to the IPv4 parser (and then must be a valid address).
    static func endsInANumber(_ input: [UInt8]) -> Bool {
        var end = input.count
        if end > 0, input[end - 1] == UInt8(ascii: ".") {
            if end == 1 { return false }
            end -= 1
        }
        var start = end
        while start > 0, input[start - 1] != UInt8(ascii: ".") { start -= 1 }
        let last = input[start..<end]
        if last.isEmpty { return false }
        if last.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        return parseNumber(last) != nil
    }

    /// The standard's IPv4 parser. Returns nil on failure.
    static func parse(_ input: [UInt8]) -> UInt32? {
        var parts = input.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.count > 1, parts[parts.count - 1].isEmpty { parts.removeLast() }
        guard parts.count <= 4 else { return nil }
        var numbers: [UInt64] = []
        numbers.reserveCapacity(4)
        for part in parts {
            guard let number = parseNumber(part) else { return nil }
            numbers.append(number)
        }
        for number in numbers.dropLast() where number > 255 { return nil }
        let last = numbers[numbers.count - 1]
        guard last < UInt64(1) << (8 * UInt64(5 - numbers.count)) else { return nil }
        var address = last
        for (counter, number) in numbers.dropLast().enumerated() {
            address += number << (8 * UInt64(3 - counter))
        }
        return UInt32(address)
    }

    /// The standard's "IPv4 number parser": decimal, 0x-hex or 0-octal.
    /// Saturates instead of overflowing (any value ≥ 2^32 fails later anyway).
    static func parseNumber(_ input: ArraySlice<UInt8>) -> UInt64? {
        if input.isEmpty { return nil }
        var digits = input
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"),
            digits[digits.startIndex + 1] | 0x20 == UInt8(ascii: "x")
        {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = PercentEncoding.hexValue(byte), UInt64(digit) < radix else { return nil }
            value = min(value * radix + UInt64(digit), 1 << 40)
        }
        return value
    }

    /// Strict dotted-quad form only ("192.0.2.1"): four decimal parts, no
    /// leading zeros. This is what resolvers return, so anything else is refused.
    static func parseDottedQuad(_ input: some Collection<UInt8>) -> UInt32? {
        var address: UInt32 = 0
        var parts = 0
        var value: UInt32 = 0
        var digits = 0
        var leadingZero = false
        for byte in input {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, parts < 3 else { return nil }
                address = address << 8 | value
                parts += 1
                value = 0
                digits = 0
                leadingZero = false
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), !leadingZero else { return nil }
            if digits == 0, byte == UInt8(ascii: "0") { leadingZero = true }
            value = value * 10 + UInt32(byte - UInt8(ascii: "0"))
            digits += 1
            guard value <= 255 else { return nil }
        }
        guard digits > 0, parts == 3 else { return nil }
        return address << 8 | value
    }

    static func serialize(_ address: UInt32, into output: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) {
            appendDecimal(Int((address >> UInt32(shift)) & 0xFF), to: &output)
            if shift != 0 { output.append(UInt8(ascii: ".")) }
        }
    }
}

/// Appends a non-negative integer in decimal.
func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &output) }
    output.append(UInt8(ascii: "0") + UInt8(value % 10))
}
