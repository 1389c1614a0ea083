// Punycode (RFC 3492), the "Bootstring" encoding that turns a Unicode DNS
// label into the ASCII form carried after "xn--" (IDNA). Implemented here so
// internationalised host names can be canonicalised without ICU.

/// RFC 3492 Punycode for a single label, without the "xn--" prefix.
///
/// Browsers put internationalised domain names on the wire (and into the URL
/// string that content-blocker rules match against) in this ASCII form, so
/// hosts must be converted before they are compared with anything.
public enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    /// Anything this large cannot encode a valid scalar; used as an overflow guard.
    private static let limit = Int(Int32.max)

    /// Encodes a label, e.g. "bücher" → "bcher-kva". Returns nil only on
    /// arithmetic overflow (absurdly long labels).
    public static func encode(_ label: String) -> String? {
        encode(scalars: Array(label.unicodeScalars))
    }

    /// Decodes a label, e.g. "bcher-kva" → "bücher". Returns nil for invalid
    /// input (non-basic code points before the delimiter, bad digits, overflow,
    /// or a result that is not a valid Unicode scalar).
    public static func decode(_ label: String) -> String? {
        guard let scalars = decode(bytes: Array(label.utf8)) else { return nil }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    static func encode(scalars input: [Unicode.Scalar]) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2)
        for scalar in input where scalar.isASCII { output.append(UInt8(scalar.value)) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }

        var n = initialN, delta = 0, bias = initialBias
        while handled < input.count {
            // The smallest code point not yet handled.
            var m = Int.max
            for scalar in input where Int(scalar.value) >= n { m = min(m, Int(scalar.value)) }
            guard (m - n) <= (limit - delta) / (handled + 1) else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for scalar in input {
                let c = Int(scalar.value)
                if c < n {
                    delta += 1
                    guard delta < limit else { return nil }
                }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k, bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, firstTime: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func decode(bytes input: [UInt8]) -> [Unicode.Scalar]? {
        var output: [Unicode.Scalar] = []
        let delimiter = input.lastIndex(of: UInt8(ascii: "-"))
        var position = 0
        if let delimiter {
            for byte in input[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(Unicode.Scalar(byte))
            }
            position = delimiter + 1
        }
        var n = initialN, i = 0, bias = initialBias
        while position < input.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard position < input.count, let d = digitValue(input[position]) else { return nil }
                position += 1
                guard d <= (limit - i) / w else { return nil }
                i += d * w
                let t = threshold(k, bias)
                if d < t { break }
                guard w <= limit / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count, firstTime: oldI == 0)
            guard i / count <= limit - n else { return nil }
            n += i / count
            i %= count
            guard n >= initialN, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    @inline(__always)
    private static func threshold(_ k: Int, _ bias: Int) -> Int {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    private static func adapt(_ delta: Int, _ count: Int, firstTime: Bool) -> Int {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    @inline(__always)
    private static func digit(_ d: Int) -> UInt8 {
        d < 26 ? UInt8(ascii: "a") + UInt8(d) : UInt8(ascii: "0") + UInt8(d - 26)
    }

    @inline(__always)
    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0")) + 26
        default: return nil
        }
    }
}
