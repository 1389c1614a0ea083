import Foundation

/// The process's resident memory, for `limot rules compile`'s summary and
/// for giving memory back after compiling.
enum ResidentMemory {
    /// Current resident set size in bytes (Linux `/proc/self/statm`), or nil elsewhere.
    static func current() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Gives the heap's free pages back to the system (glibc's `malloc_trim`).
    /// Reading and converting a large list leaves tens of MiB of freed
    /// memory in the heap; after compiling, only the engine needs to stay.
    static func releaseFreedMemory() {
        // Looked up at run time: Swift's Glibc module does not declare it, and
        // other C libraries do not have it.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
}
