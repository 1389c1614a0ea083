import Testing
@testable import Proxy

/// `String(concatenating:)` is the parts joined, for empty parts, small
/// and long ones, ASCII and not, and random mixes of them.
struct StringConcatenationTests {
    @Test func concatenatingIsJoining() {
        let pool = ["", "a", "=", "limot_session", "0123456789abcdef0123456789abcdef", "; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax",
                    String(repeating: "default-src 'self'; ", count: 40), "خانه", "é", "a\u{301}", "😀", "\r\n"]
        #expect(String(concatenating: "default-src 'self'; script-src 'nonce-", "abc", "'") == "default-src 'self'; script-src 'nonce-abc'")
        #expect(String(concatenating: "", "") == "")
        #expect(String(concatenating: "e", "\u{301}") == "e\u{301}")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let parts = (0..<Int.random(in: 1...4, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            let joined: String
            switch parts.count {
            case 1: joined = String(concatenating: parts[0])
            case 2: joined = String(concatenating: parts[0], parts[1])
            case 3: joined = String(concatenating: parts[0], parts[1], parts[2])
            default: joined = String(concatenating: parts[0], parts[1], parts[2], parts[3])
            }
            #expect(Array(joined.utf8) == Array(parts.joined().utf8), "\(parts)")
            #expect(joined == parts.joined())
        }
    }

    /// The page policy, made at its size, reads as written out by hand.
    @Test func thePagePolicyIsAsWritten() {
        #expect(ResponseHeaders.pagePolicy(nonce: "0123abcd") == "default-src 'self'; script-src 'self' 'nonce-0123abcd'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; media-src 'self' blob:; "
            + "connect-src 'self'; frame-src 'self'; worker-src 'self' blob:; manifest-src 'self'; object-src 'none'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'self', script-src 'self' 'unsafe-inline'")
    }
}
