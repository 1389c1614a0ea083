import CLibFuzzer
import FuzzChecks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fuzzes the compiled rule cache's decoder:
/// libFuzzer's driver with its usual flags, trapping when an invariant of `FuzzTarget.compiledCache` does not hold so
/// that libFuzzer keeps the input.
///
/// A main of its own rather than libFuzzer's, because SwiftPM links every
/// executable's entry point as `main`.
@main
enum CompiledCacheFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzTarget.compiledCache.fuzz(data, size)
            return 0
        }
        exit(status)
    }
}
