#if canImport(Glibc)
import Glibc
#endif
import Fetch
import Sanitize
import Synchronization

/// Sanitized pages by upstream body: the same bytes under the same rules
/// are sanitized once. Entries are compared by their full body, not a hash,
/// so a hit is always right. Least recently used entries go first.
final class SanitizedCache: Sendable {
    private struct Entry {
        var body: [UInt8]
        var document: SanitizedDocument
    }
    private let entries: Mutex<RecentlyUsed<Entry>>

    init(maxEntries: Int = 256, maxBytes: Int = 64 << 20) {
        entries = Mutex(RecentlyUsed(maxEntries: maxEntries, maxBytes: maxBytes))
    }

    /// The cached document for `key` if it was made from exactly `body`.
    func document(for key: String, body: [UInt8]) -> SanitizedDocument? {
        guard let entry = entries.withLock({ $0.use(key) }), entry.body.count == body.count else { return nil }
        let same = body.isEmpty || entry.body.withUnsafeBytes { stored in
            body.withUnsafeBytes { given in memcmp(stored.baseAddress!, given.baseAddress!, given.count) == 0 }
        }
        return same ? entry.document : nil
    }

    /// Remembers `document` as made from `body` (a body over a quarter of the
    /// budget is not kept); counts the body twice, for the document's text.
    func store(_ document: SanitizedDocument, for key: String, body: [UInt8]) {
        entries.withLock { entries in
            guard body.count <= entries.maxBytes / 4 else { return }
            entries.insert(Entry(body: body, document: document), bytes: body.count * 2, for: key)
        }
    }
}
