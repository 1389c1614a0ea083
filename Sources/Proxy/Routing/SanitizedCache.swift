#if canImport(Glibc)
import Glibc
#endif
import Sanitize
import Synchronization

/// Sanitized pages by upstream body: the same bytes under the same rules
/// are sanitized once. Entries are compared by their full body, not a hash,
/// so a hit is always right. Least recently used entries go first.
final class SanitizedCache: Sendable {
    private struct Entry {
        var body: [UInt8]
        var document: SanitizedDocument
        var lastUse: UInt64
    }
    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }
    private let state = Mutex(State())
    let maxEntries: Int
    let maxBytes: Int

    init(maxEntries: Int = 256, maxBytes: Int = 64 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    /// The cached document for `key` if it was made from exactly `body`.
    func document(for key: String, body: [UInt8]) -> SanitizedDocument? {
        state.withLock { state in
            guard var entry = state.entries[key], entry.body.count == body.count else { return nil }
            let same = body.isEmpty || entry.body.withUnsafeBytes { stored in
                body.withUnsafeBytes { given in memcmp(stored.baseAddress!, given.baseAddress!, given.count) == 0 }
            }
            guard same else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.document
        }
    }

    func store(_ document: SanitizedDocument, for key: String, body: [UInt8]) {
        guard body.count <= maxBytes / 4 else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries[key] { state.bytes -= old.body.count * 2 }
            state.entries[key] = Entry(body: body, document: document, lastUse: state.clock)
            state.bytes += body.count * 2
            while state.entries.count > maxEntries || state.bytes > maxBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.bytes -= oldest.value.body.count * 2
                state.entries[oldest.key] = nil
            }
        }
    }
}
