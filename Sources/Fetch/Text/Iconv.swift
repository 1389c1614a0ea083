#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversion to UTF-8 with the C library's iconv, failing on the first byte
/// that is not valid in the source charset (never guessing, never dropping).
enum Iconv {
    enum Failure: Error {
        case unknownCharset
        case invalidByte(offset: Int)
        case truncated(offset: Int)
    }

    /// `input` converted from `iconvName` to UTF-8. `fallback` may supply the
    /// UTF-8 for single bytes iconv refuses (windows-1252's five undefined
    /// bytes, which browsers map to C1 controls).
    static func utf8(_ input: [UInt8], from iconvName: String, fallback: [UInt8: [UInt8]] = [:]) throws(Failure) -> [UInt8] {
        let descriptor = iconv_open("UTF-8", iconvName)
        guard let descriptor, Int(bitPattern: descriptor) != -1 else { throw .unknownCharset }
        defer { iconv_close(descriptor) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2 + 16)
        var chunk = [UInt8](repeating: 0, count: max(4096, min(input.count * 3 + 16, 1 << 20)))
        var consumed = 0
        while true {
            let (read, written, error) = convert(descriptor, input, from: consumed, into: &chunk)
            output.append(contentsOf: chunk[0..<written])
            consumed += read
            switch error {
            case 0:
                if consumed >= input.count { return output }
            case E2BIG:
                continue
            case EILSEQ:
                guard let replacement = fallback[input[consumed]] else { throw .invalidByte(offset: consumed) }
                output.append(contentsOf: replacement)
                consumed += 1
            case EINVAL:
                throw .truncated(offset: consumed)
            default:
                throw .invalidByte(offset: consumed)
            }
        }
    }

    /// One iconv call from `offset` into `chunk`; also flushes shift state at
    /// the end of the input. Returns bytes read, bytes written and errno (0 when done).
    private static func convert(_ descriptor: iconv_t, _ input: [UInt8], from offset: Int, into chunk: inout [UInt8]) -> (Int, Int, Int32) {
        input.withUnsafeBytes { inputBytes in
            chunk.withUnsafeMutableBytes { chunkBytes in
                var outPointer: UnsafeMutablePointer<CChar>? = chunkBytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                var outLeft = chunkBytes.count
                let remaining = inputBytes.count - offset
                if remaining == 0 {
                    let result = iconv(descriptor, nil, nil, &outPointer, &outLeft)
                    return (0, chunkBytes.count - outLeft, result == -1 ? errno : 0)
                }
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(
                    mutating: inputBytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self))
                var inLeft = remaining
                let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                let error: Int32 = result == -1 ? errno : 0
                return (remaining - inLeft, chunkBytes.count - outLeft, error)
            }
        }
    }
}
