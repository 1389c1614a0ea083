import CCrypto

/// SHA-256 (OpenSSL's libcrypto, one-shot): names a selection of rule lists
/// and checks a cache file's payload. A 256-bit hash puts an accidental
/// collision, two different selections sharing a cache file, beyond any
/// real chance; it does not guard against an attacker, who could write the
/// user's data directory anyway.
enum SHA256Digest {
    static let byteCount = Int(SHA256_DIGEST_LENGTH)

    static func of(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: byteCount)
        digest.withUnsafeMutableBufferPointer { out in
            _ = SHA256(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, out.baseAddress)
        }
        return digest
    }

    static func of(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { of($0) }
    }
}
