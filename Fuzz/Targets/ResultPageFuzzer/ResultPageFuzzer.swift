import CLibFuzzer
import FuzzChecks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fuzzes reading a result page (libxml2, the end-tag repair, the extractors):
/// libFuzzer's driver with its usual flags, trapping when an invariant of `FuzzTarget.resultPage` does not hold so
/// that libFuzzer keeps the input.
///
/// A main of its own rather than libFuzzer's, because SwiftPM links every
/// executable's entry point as `main`.
@main
enum ResultPageFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzTarget.resultPage.fuzz(data, size)
            return 0
        }
        exit(status)
    }
}
