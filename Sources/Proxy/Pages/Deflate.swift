import CZlib
import Foundation

/// zlib's `compress2` for the files limot injects into pages (Content-Encoding
/// `deflate` is the zlib format, RFC 9110 8.4.1.2): made once at start, so
/// the guard script costs a browser under 4 KB the first time and nothing
/// after (it is cached for good).
enum Deflate {
    /// `bytes` compressed at zlib's best level, or nil if zlib fails.
    static func compressed(_ bytes: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &size, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { return nil }
        return Array(out.prefix(Int(size)))
    }

    /// Whether the browser's `Accept-Encoding` values name `deflate` with a
    /// weight above zero.
    static func isAccepted(_ values: [String]) -> Bool {
        for value in values {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard parts.first == "deflate" else { continue }
                let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
                if weight > 0 { return true }
            }
        }
        return false
    }
}
