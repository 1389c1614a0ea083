/// What the decoded tables refer to, checked before any decision follows it:
/// the checksum only says that the payload is the one written, and a
/// decision reads rule numbers, condition numbers, offsets into byte tables
/// and matcher numbers without checking them again, so a payload that
/// passes the checksum by accident (or a limot that wrote a bad one) must
/// fail here, not read out of bounds. The compiled-cache fuzz target seals
/// arbitrary payloads with a correct checksum to hold the decoder to that.
extension EngineCoding {
    /// The tables that name rules or conditions, with where each was read (for the error).
    struct References {
        var ruleCount: Int
        var conditionCount: Int
        var hostIndex: (HostIndex, at: Int)
        var tokenIndex: (TokenIndex, at: Int)
        var literalIndex: (LiteralIndex, at: Int)
        var regexSets: ([RegexShard], at: Int)
        var universal: (always: [Int32], ifDomain: HashIndex<Int32>, unless: [Int32], unlessIndex: HashIndex<Int32>, at: Int)
        var domainConditions: (DomainConditionIndex, at: Int)
    }

    static func check(_ references: References) throws(BinaryReader.Damaged) {
        let rules = references.ruleCount, conditions = references.conditionCount
        func isRule(_ rule: Int32) -> Bool { rule >= 0 && Int(rule) < rules }
        if let problem = references.hostIndex.0.problem(ruleCount: rules, conditionCount: conditions) {
            throw BinaryReader.Damaged(offset: references.hostIndex.at, reason: "host index: \(problem)")
        }
        if let problem = references.tokenIndex.0.problem(ruleCount: rules, conditionCount: conditions) {
            throw BinaryReader.Damaged(offset: references.tokenIndex.at, reason: "token index: \(problem)")
        }
        if let problem = references.literalIndex.0.problem(ruleCount: rules, conditionCount: conditions) {
            throw BinaryReader.Damaged(offset: references.literalIndex.at, reason: "literal index: \(problem)")
        }
        guard references.regexSets.0.allSatisfy({ $0.rules.allSatisfy(isRule) }) else {
            throw BinaryReader.Damaged(offset: references.regexSets.at, reason: "an RE2 set's rule does not exist")
        }
        let universal = references.universal
        guard universal.always.allSatisfy(isRule), universal.unless.allSatisfy(isRule), universal.ifDomain.allValuesSatisfy(isRule),
              universal.unlessIndex.allValuesSatisfy(isRule)
        else { throw BinaryReader.Damaged(offset: universal.at, reason: "a universal rule does not exist") }
        if let problem = references.domainConditions.0.problem(conditionCount: conditions) {
            throw BinaryReader.Damaged(offset: references.domainConditions.at, reason: "domain conditions: \(problem)")
        }
    }
}
