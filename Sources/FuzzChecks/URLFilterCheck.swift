import CRE2
import ContentRules

/// The url-filter parser and its translation to RE2 on arbitrary bytes.
///
/// What must hold: a pattern the parser accepts translates to an RE2
/// pattern that RE2 compiles, case-sensitive and not (a pattern RE2 refuses
/// would fail the whole rule list's compilation in the engine), and the
/// translation is plain ASCII, as its escaping promises.
public enum URLFilterCheck {
    public static func check(_ input: [UInt8]) throws(InvariantViolation) {
        let filter = String(decoding: input, as: UTF8.self)
        let pattern: URLFilterPattern
        do {
            pattern = try URLFilterParser.parse(filter)
        } catch {
            return  // a typed refusal is an answer
        }
        let translated = pattern.re2Pattern
        if translated.utf8.contains(where: { $0 >= 0x80 }) {
            throw violation("the RE2 translation is ASCII", "\(excerpt(filter)) → \(excerpt(translated))")
        }
        for caseSensitive in [true, false] {
            if let message = RE2Compilation.error(compiling: translated, caseSensitive: caseSensitive) {
                throw violation("RE2 compiles the translation", "\(excerpt(filter)) → \(excerpt(translated)): \(message)")
            }
        }
    }

    private static func violation(_ invariant: String, _ detail: String) -> InvariantViolation {
        InvariantViolation(target: .urlFilter, invariant: invariant, detail: detail)
    }
}

/// Compiles one pattern with the engine's RE2 options, as the engine's
/// regex sets do.
enum RE2Compilation {
    /// The engine's budget for one set (`RegexSet.maximumMemory`).
    static let maximumMemory: Int64 = 64 << 20

    /// RE2's message when it refuses `pattern`, nil when it compiles.
    static func error(compiling pattern: String, caseSensitive: Bool) -> String? {
        guard let set = limot_re2_set_new(caseSensitive ? 1 : 0, maximumMemory) else { return "could not allocate a set" }
        defer { limot_re2_set_free(set) }
        var message = [CChar](repeating: 0, count: 512)
        let bytes = Array(pattern.utf8)
        let added = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { limot_re2_set_add(set, $0.baseAddress, $0.count, &message, message.count) }
        }
        if added < 0 { return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return limot_re2_set_compile(set) == 0 ? "RE2 ran out of its \(maximumMemory >> 20) MiB" : nil
    }
}
