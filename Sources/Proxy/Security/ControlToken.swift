import CCrypto

/// The token every form of limot's control pages carries (`/_limot/rules`,
/// `/_limot/pause`): HMAC-SHA256 of the browser session's id under a key
/// drawn when the proxy starts, so it is bound to that session, needs no
/// storage, and a page kept from before a restart is refused (reload it).
/// The session cookie is HttpOnly: a script cannot read the id to make the
/// token itself, and the token appears on limot's own pages only, never on
/// the site's (see `ControlRequestCheck` for how those are kept from
/// reading them).
struct ControlToken: Sendable {
    private let key: [UInt8]

    /// The form field that carries the token.
    static let fieldName = "token"

    init() {
        key = RandomBytes.bytes(32)
    }

    /// The token of `session`, as hex.
    func token(for session: String) -> String {
        Self.hmac(key: key, message: Array(session.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether `candidate` is `session`'s token; in time independent of
    /// where the two differ.
    func matches(_ candidate: String?, session: String) -> Bool {
        guard let candidate else { return false }
        let expected = Array(token(for: session).utf8)
        let given = Array(candidate.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }

    /// HMAC-SHA256 (RFC 2104) over OpenSSL's one-shot SHA-256; the key is
    /// 32 bytes, shorter than the block, so it is only padded.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let block = 64
        let padded = key + [UInt8](repeating: 0, count: block - key.count)
        let inner = sha256(padded.map { $0 ^ 0x36 } + message)
        return sha256(padded.map { $0 ^ 0x5C } + inner)
    }

    private static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { out in
                _ = SHA256(input.baseAddress, input.count, out.baseAddress)
            }
        }
        return digest
    }
}
