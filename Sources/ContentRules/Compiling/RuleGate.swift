/// What decides, before any pattern is matched, whether a rule can apply to
/// a load: its trigger's flags and its condition.
///
/// Index entries carry a copy, so that the many candidates a URL's words and
/// hosts turn up are mostly turned away by a few compares on memory already
/// loaded, before their literals or regexes are read.
struct RuleGate: Sendable, BitwiseCopyable {
    /// `resource-type` bits; 0 means any.
    var types: UInt32
    /// `load-type` bits; 0 means any.
    var loadTypes: UInt8
    /// `load-context` bits; 0 means any.
    var loadContexts: UInt8
    /// `request-method` as 1 + its index in `RequestMethod.allCases`; 0 means any.
    var method: UInt8
    /// The scheme test of a rule indexed as universal though its filter
    /// tests the scheme (see `SchemeTest`); empty for every other rule.
    var schemes: SchemeTest
    /// Index in the engine's conditions, or -1.
    var condition: Int32

    /// Whether the condition is -1 or one of `conditionCount` (the cache decoder's check).
    func refers(toConditionsBelow conditionCount: Int) -> Bool {
        condition >= -1 && Int(condition) < conditionCount
    }

    /// Whether the flags admit a load (the condition is the caller's, as it is memoised per load).
    @inline(__always)
    func admits(_ load: LoadFlags) -> Bool {
        if types != 0 && types & load.types == 0 { return false }
        if loadTypes != 0 && loadTypes & load.loadType == 0 { return false }
        if loadContexts != 0 && loadContexts & load.loadContext == 0 { return false }
        if method != 0 && method != load.method { return false }
        if !schemes.isEmpty && schemes.isDisjoint(with: load.schemes) { return false }
        return true
    }
}

/// The same facts of one load, computed once per decision.
struct LoadFlags {
    var types: UInt32
    var loadType: UInt8
    var loadContext: UInt8
    var method: UInt8
    /// The scheme tests the URL passes.
    var schemes: SchemeTest
}

extension RequestMethod {
    /// The method as `RuleGate.method` holds it: 1 + its index in
    /// `allCases`. A switch, as every decision asks: searching `allCases`
    /// made the array and compared the cases one by one each time.
    var gateNumber: UInt8 {
        switch self {
        case .get: 1
        case .head: 2
        case .options: 3
        case .trace: 4
        case .put: 5
        case .delete: 6
        case .post: 7
        case .patch: 8
        case .connect: 9
        }
    }
}
