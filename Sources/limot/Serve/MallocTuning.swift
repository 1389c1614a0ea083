#if canImport(Glibc)
import Glibc
#endif

/// glibc's malloc told to keep the memory the proxy frees, for `serve`.
///
/// Every page allocates and frees buffers of 60–130 KB (the site's body,
/// the sanitized form, the response's buffer, which NIO rounds up to
/// 128 KB). By default glibc gives such memory back to the kernel: a buffer
/// of 128 KB or more is its own mmap, and a thread's heap is trimmed when
/// its free top passes twice that. The next page then takes fresh pages
/// from the kernel, each zeroed on its first touch: 4.9 page faults a
/// request under wrk on unique pages, their handling some 3% of the
/// proxy's CPU time (perf). With these fixed thresholds (fixed, glibc no
/// longer moves them) the buffers stay in the heaps and the heaps at the
/// size the traffic needs: no page faults a request, resident memory
/// within a few MiB of before.
enum MallocTuning {
    /// Allocations below this come from the heaps, not a mmap of their own.
    static let mmapThreshold: Int32 = 16 << 20
    /// A heap is given back to the kernel only beyond this much free top.
    static let trimThreshold: Int32 = 64 << 20

    static func keepFreedMemory() {
        #if canImport(Glibc)
        // Swift's Glibc module leaves out <malloc.h>, so mallopt is looked
        // up by name; its parameters are glibc's M_TRIM_THRESHOLD (-1) and
        // M_MMAP_THRESHOLD (-3).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, mmapThreshold)
        _ = mallopt(-1, trimThreshold)
        #endif
    }
}
