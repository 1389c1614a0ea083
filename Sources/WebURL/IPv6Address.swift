// IPv6 host parsing and serialisation (WHATWG URL Standard §3.5 "IPv6 parser",
// §3.6 "IPv6 serializer"): compression with "::", an embedded dotted IPv4 tail,
// and canonical output with the first longest run of zero pieces compressed.

enum IPv6 {
    /// Parses the text between "[" and "]". Returns 8 pieces or nil.
    static func parse(_ input: some Collection<UInt8>) -> [UInt16]? {
        let input = Array(input)
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int? = nil
        var pointer = 0
        let n = input.count
        func at(_ i: Int) -> UInt8? { i < n ? input[i] : nil }

        if at(0) == UInt8(ascii: ":") {
            guard at(1) == UInt8(ascii: ":") else { return nil }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let c = at(pointer) {
            guard pieceIndex < 8 else { return nil }
            if c == UInt8(ascii: ":") {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let byte = at(pointer), let digit = PercentEncoding.hexValue(byte) {
                value = value << 4 | UInt16(digit)
                pointer += 1
                length += 1
            }
            if at(pointer) == UInt8(ascii: ".") {
                // Embedded IPv4 ("::ffff:192.0.2.1"): re-read this piece as decimal.
                guard length > 0 else { return nil }
                pointer -= length
                guard pieceIndex <= 6 else { return nil }
                var numbersSeen = 0
                while at(pointer) != nil {
                    var ipv4Piece: UInt16? = nil
                    if numbersSeen > 0 {
                        guard at(pointer) == UInt8(ascii: "."), numbersSeen < 4 else { return nil }
                        pointer += 1
                    }
                    guard let first = at(pointer), first >= 0x30, first <= 0x39 else { return nil }
                    while let byte = at(pointer), byte >= 0x30, byte <= 0x39 {
                        let number = UInt16(byte - 0x30)
                        if let piece = ipv4Piece {
                            guard piece != 0 else { return nil }  // no leading zeros
                            ipv4Piece = piece * 10 + number
                        } else {
                            ipv4Piece = number
                        }
                        guard ipv4Piece! <= 255 else { return nil }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] << 8 | ipv4Piece!
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if at(pointer) == UInt8(ascii: ":") {
                pointer += 1
                guard at(pointer) != nil else { return nil }
            } else if at(pointer) != nil {
                return nil
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// Canonical text without brackets: lowercase hex, no leading zeros, the
    /// first longest run (length > 1) of zero pieces replaced by "::".
    static func serialize(_ address: [UInt16], into output: inout [UInt8]) {
        var compress: Int? = nil
        var bestLength = 1
        var i = 0
        while i < 8 {
            if address[i] == 0 {
                var j = i
                while j < 8, address[j] == 0 { j += 1 }
                if j - i > bestLength {
                    bestLength = j - i
                    compress = i
                }
                i = j
            } else {
                i += 1
            }
        }
        var ignoreZero = false
        for pieceIndex in 0..<8 {
            if ignoreZero, address[pieceIndex] == 0 { continue }
            ignoreZero = false
            if compress == pieceIndex {
                output.append(UInt8(ascii: ":"))
                if pieceIndex == 0 { output.append(UInt8(ascii: ":")) }
                ignoreZero = true
                continue
            }
            appendHex(address[pieceIndex], to: &output)
            if pieceIndex != 7 { output.append(UInt8(ascii: ":")) }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendHex(_ value: UInt16, to output: inout [UInt8]) {
        var started = false
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = Int((value >> UInt16(shift)) & 0xF)
            if digit != 0 || started || shift == 0 {
                output.append(hexDigits[digit])
                started = true
            }
        }
    }
}
