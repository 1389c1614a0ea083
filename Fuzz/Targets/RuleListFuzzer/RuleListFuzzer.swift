import CLibFuzzer
import FuzzChecks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fuzzes the rule-list JSON parser and compiler:
/// libFuzzer's driver with its usual flags, trapping when an invariant of `FuzzTarget.ruleList` does not hold so
/// that libFuzzer keeps the input.
///
/// A main of its own rather than libFuzzer's, because SwiftPM links every
/// executable's entry point as `main`.
@main
enum RuleListFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzTarget.ruleList.fuzz(data, size)
            return 0
        }
        exit(status)
    }
}
