import Glibc

/// A compiled rule cache file mapped read-only, whose largest tables (hash
/// slots and entries, key filters, per-rule metadata) the engine reads in
/// place rather than copying them into memory of its own.
///
/// A mapped page counts as resident only while the process has it mapped in:
/// after the checksum has read every page, `releaseResidentPages()` lets them
/// go, and a decision faults in (from the page cache, without reading the
/// disk) only the pages it touches. Those pages are clean and shared, so the
/// kernel can drop them again under memory pressure, which it cannot do with
/// copies. The file is never written in place (`CompiledRuleCache.store`
/// renames a new file over it), so the mapping cannot shrink under a reader.
final class MappedCacheFile: Sendable {
    /// The whole file; valid until the mapping is freed with its last owner.
    nonisolated(unsafe) let bytes: UnsafeRawBufferPointer

    /// Maps the file at `path`, or nil when it cannot be opened, is empty or cannot be mapped.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, let length = Int(exactly: status.st_size) else { return nil }
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
        // Without this the kernel maps the page cache's large folios 2 MiB at
        // a time, and one probe into a hash table makes 2 MiB resident.
        _ = madvise(base, length, MADV_NOHUGEPAGE)
        bytes = UnsafeRawBufferPointer(start: base, count: length)
    }

    /// Unmaps the pages read so far from this process (they stay in the page
    /// cache): the tables read through the mapping fault in again only what
    /// decisions use, a page at a time (random access: no fault-around of
    /// the neighbouring pages, which hash probes would not use).
    func releaseResidentPages() {
        let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress)
        _ = madvise(base, bytes.count, MADV_DONTNEED)
        _ = madvise(base, bytes.count, MADV_RANDOM)
    }

    deinit {
        _ = munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
