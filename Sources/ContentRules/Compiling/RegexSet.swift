import CRE2

/// A compiled `RE2::Set`: many patterns, one pass over the text.
///
/// Immutable once built, so it is shared across threads freely (RE2's
/// matching is thread-safe). The DFA has a memory budget; when a match runs
/// out of it RE2 reports failure only through `ErrorInfo`, which this type
/// turns into a thrown error rather than a silent "no match".
final class RegexSet: @unchecked Sendable {
    /// Memory for one set's program and DFA cache. RE2's 8 MiB default fails
    /// to compile a few thousand URL patterns.
    static let maximumMemory: Int64 = 64 << 20

    struct MatchFailure: Error {
        var reason: String
    }

    struct BuildFailure: Error {
        var patternIndex: Int?
        var message: String
    }

    private let handle: OpaquePointer?
    let count: Int

    /// A set whose every match fails, so that its caller matches pattern by
    /// pattern (see `RegexShard.set`).
    static let unusable = RegexSet()

    private init() {
        handle = nil
        count = 0
    }

    /// Compiles `patterns` (already in RE2 syntax) into one set.
    init(patterns: [String], caseSensitive: Bool) throws(BuildFailure) {
        guard let handle = limot_re2_set_new(caseSensitive ? 1 : 0, Self.maximumMemory) else {
            throw BuildFailure(patternIndex: nil, message: "could not allocate an RE2 set")
        }
        self.handle = handle
        self.count = patterns.count
        var message = [CChar](repeating: 0, count: 512)
        for (index, pattern) in patterns.enumerated() {
            let added = pattern.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    limot_re2_set_add(handle, $0.baseAddress, $0.count, &message, message.count)
                }
            } ?? Array(pattern.utf8CString).withUnsafeBufferPointer {
                limot_re2_set_add(handle, $0.baseAddress, $0.count - 1, &message, message.count)
            }
            if added < 0 {
                limot_re2_set_free(handle)
                throw BuildFailure(patternIndex: index, message: Self.text(message))
            }
        }
        if limot_re2_set_compile(handle) == 0 {
            limot_re2_set_free(handle)
            throw BuildFailure(patternIndex: nil, message: "RE2 could not compile a set of \(patterns.count) patterns within \(Self.maximumMemory >> 20) MiB")
        }
    }

    deinit {
        if let handle { limot_re2_set_free(handle) }
    }

    /// A NUL-terminated C message buffer as a String.
    static func text(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with the indices of every matching pattern, ascending.
    func forEachMatch(in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) throws(MatchFailure) {
        guard let handle else { throw MatchFailure(reason: "RE2 could not compile the set") }
        var error: Int32 = 0
        let capacity = 64
        let result: Int32 = withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { out in
            let n = text.withMemoryRebound(to: CChar.self) {
                limot_re2_set_match(handle, $0.baseAddress, $0.count, out.baseAddress, Int32(capacity), &error)
            }
            if n > 0 && n <= Int32(capacity) {
                for i in 0..<Int(n) { body(Int(out[i])) }
            }
            return n
        }
        if result < 0 {
            throw MatchFailure(reason: error == Int32(LIMOT_RE2_OUT_OF_MEMORY.rawValue) ? "RE2's DFA ran out of memory" : "RE2 set match failed (\(error))")
        }
        if result > Int32(capacity) {
            // Rare: more matches than the fast buffer holds; ask again with room for all.
            let all = Int(result)
            try withUnsafeTemporaryAllocation(of: Int32.self, capacity: all) { (out) throws(MatchFailure) in
                let n = text.withMemoryRebound(to: CChar.self) {
                    limot_re2_set_match(handle, $0.baseAddress, $0.count, out.baseAddress, Int32(all), &error)
                }
                guard n >= 0 else { throw MatchFailure(reason: "RE2 set match failed (\(error))") }
                for i in 0..<min(Int(n), all) { body(Int(out[i])) }
            }
        }
    }
}

/// One regex, compiled by RE2 the first time a request needs it.
///
/// Host-indexed rules are confirmed with their full pattern only when their
/// host matched, which is rare; compiling all of them up front would cost
/// time and memory for patterns most sessions never reach.
final class LazyRegex: @unchecked Sendable {
    private let handle: OpaquePointer
    /// What it was made from, for the compiled rule cache.
    let pattern: String
    let caseSensitive: Bool

    init(pattern: String, caseSensitive: Bool) {
        self.pattern = pattern
        self.caseSensitive = caseSensitive
        var bytes = Array(pattern.utf8)
        handle = bytes.withUnsafeMutableBufferPointer {
            $0.withMemoryRebound(to: CChar.self) {
                limot_re2_new_lazy($0.baseAddress, $0.count, caseSensitive ? 1 : 0)
            }
        }!
    }

    deinit {
        limot_re2_free(handle)
    }

    /// Whether the regex matches `text` from `start` (anchored there when asked).
    func matches(_ text: UnsafeBufferPointer<UInt8>, from start: Int = 0, anchored: Bool = false) -> Bool {
        text.withMemoryRebound(to: CChar.self) {
            limot_re2_match(handle, $0.baseAddress, $0.count, start, anchored ? 1 : 0) == 1
        }
    }
}
