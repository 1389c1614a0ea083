import CLibFuzzer
import FuzzChecks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fuzzes the `rules match` request-line reader:
/// libFuzzer's driver with its usual flags, trapping when an invariant of `FuzzTarget.requestLine` does not hold so
/// that libFuzzer keeps the input.
///
/// A main of its own rather than libFuzzer's, because SwiftPM links every
/// executable's entry point as `main`.
@main
enum RequestLineFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzTarget.requestLine.fuzz(data, size)
            return 0
        }
        exit(status)
    }
}
