/// A trigger condition ready to evaluate against a request's page or frame.
final class CompiledCondition: Sendable {
    enum Test: Sendable {
        /// Domains checked natively (see `DomainKeys`), identical to WebKit's regexes.
        case domains(NativeDomainList)
        /// Patterns searched in the URL; `matchesEverything` short-cuts WebKit's universal conditions.
        case patterns(PatternMatchers, matchesEverything: Bool)
    }

    let kind: Condition.Kind
    let test: Test

    init(_ condition: Condition, trigger: Trigger, nativeDomains: Bool = true, nativePatterns: Bool = true) {
        kind = condition.kind
        let caseSensitive = condition.kind.appliesToTopURL ? trigger.topURLFilterIsCaseSensitive : trigger.frameURLFilterIsCaseSensitive
        if nativeDomains && condition.kind.isDomainList && !caseSensitive && condition.values.allSatisfy(DomainKeys.isNative) {
            test = .domains(NativeDomainList(domains: condition.values))
            return
        }
        var matchers = PatternMatchers()
        var everything = false
        for source in condition.regexes {
            guard let pattern = try? URLFilterParser.parse(source) else { continue }
            if pattern.matchesEverything {
                everything = true
            } else {
                _ = matchers.add(pattern, caseSensitive: caseSensitive, native: nativePatterns)
            }
        }
        test = .patterns(matchers, matchesEverything: everything)
    }

    /// Reads what `encode(into:)` wrote (the compiled rule cache).
    init(decoding reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        let start = reader.offset
        let kind = Int(try reader.read(UInt8.self))
        guard kind < Condition.Kind.allCases.count else { throw BinaryReader.Damaged(offset: start, reason: "condition kind \(kind)") }
        self.kind = Condition.Kind.allCases[kind]
        switch try reader.read(UInt8.self) {
        case 0: test = .domains(try NativeDomainList(decoding: &reader))
        case 1: test = .patterns(try PatternMatchers(decoding: &reader), matchesEverything: false)
        case 2: test = .patterns(try PatternMatchers(decoding: &reader), matchesEverything: true)
        case let tag: throw BinaryReader.Damaged(offset: start + 1, reason: "condition test \(tag)")
        }
    }

    func encode(into writer: inout BinaryWriter) {
        writer.write(UInt8(Condition.Kind.allCases.firstIndex(of: kind)!))
        switch test {
        case .domains(let list):
            writer.write(UInt8(0))
            list.encode(into: &writer)
        case .patterns(let matchers, let everything):
            writer.write(UInt8(everything ? 2 : 1))
            matchers.encode(into: &writer)
        }
    }

    /// Whether the condition's list matches (before `unless-` negation).
    func listMatches(_ context: ConditionContext) -> Bool {
        let url = kind.appliesToTopURL ? context.topURL : context.frameURL
        switch test {
        case .domains(let list):
            return list.matches(context.topDomainKeys, in: url)
        case .patterns(let matchers, let everything):
            if everything { return true }
            return (0..<PatternMatchers.ID(matchers.count)).contains { matchers.matches($0, in: url) }
        }
    }

    /// Whether a rule with this condition applies.
    func allows(_ context: ConditionContext) -> Bool {
        listMatches(context) != kind.isNegated
    }
}

/// What conditions look at, computed once per request. Borrowed buffers
/// only (the decision holds what they point into), so that the collector
/// that carries it is copied and dropped without reference counting (an
/// array of keys here cost about 100 instructions a decision in copies,
/// retains and releases).
struct ConditionContext {
    var topURL: UnsafeBufferPointer<UInt8>
    var frameURL: UnsafeBufferPointer<UInt8>
    var topDomainKeys: UnsafeBufferPointer<DomainKey>
}
