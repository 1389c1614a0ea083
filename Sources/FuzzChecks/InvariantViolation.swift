/// A property a fuzz target checks that did not hold for one input.
///
/// The checks throw rather than trap so that the regression tests can run
/// every stored crasher in one process and report each failure; the fuzz
/// executables trap on it, which is what libFuzzer records as a crash.
public struct InvariantViolation: Error, Sendable, CustomStringConvertible {
    /// The fuzz target whose check failed.
    public var target: FuzzTarget
    /// The property, in a few words ("RE2 compiles the translation").
    public var invariant: String
    /// What was seen instead, with enough of the input to reproduce it.
    public var detail: String

    public init(target: FuzzTarget, invariant: String, detail: String) {
        self.target = target
        self.invariant = invariant
        self.detail = detail
    }

    public var description: String {
        "\(target.rawValue): \(invariant) does not hold: \(detail)"
    }
}
