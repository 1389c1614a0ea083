#if canImport(Glibc)
import Glibc
#endif
import Fetch
import Sanitize
import Synchronization

/// Sanitized pages by upstream body: the same bytes under the same rules
/// are sanitized once. Entries are compared by their full body, not a hash,
/// so a hit is always right. Least recently used entries go first.
///
/// Bounded by what the entries really hold in memory (their arrays' room,
/// not only their bytes): 16 MiB, some 80 dictionary pages of 60 KB (a
/// body and its sanitized form weigh about 200 KB), ample for a reader's
/// back and forward, reloads and tabs; a page pushed out is sanitized
/// again, or read back from the HTTP cache's kept form. Before, the
/// budget counted twice the body while a sanitized form kept the room its
/// writer had grown to (343 KB for a 140 KB page): at new addresses, 256
/// such entries held some 130 MiB (issue 20).
final class SanitizedCache: Sendable {
    private struct Entry {
        var body: [UInt8]
        var document: SanitizedDocument
    }
    private let entries: Mutex<RecentlyUsed<Entry>>
    let maxBytes: Int

    init(maxEntries: Int = 256, maxBytes: Int = 16 << 20) {
        self.maxBytes = maxBytes
        entries = Mutex(RecentlyUsed(maxEntries: maxEntries, maxBytes: maxBytes))
    }

    /// How many pages are remembered, and what they weigh.
    var usage: (count: Int, bytes: Int) {
        entries.withLock { ($0.count, $0.bytes) }
    }

    /// The cached document for `key` if it was made from exactly `body`.
    func document(for key: String, body: [UInt8]) -> SanitizedDocument? {
        guard let entry = entries.withLock({ $0.use(key) }), entry.body.count == body.count else { return nil }
        let same = body.isEmpty || entry.body.withUnsafeBytes { stored in
            body.withUnsafeBytes { given in memcmp(stored.baseAddress!, given.baseAddress!, given.count) == 0 }
        }
        return same ? entry.document : nil
    }

    /// Remembers `document` as made from `body` (one over a quarter of the
    /// budget is not kept), its byte segments cut to their size first.
    func store(_ document: SanitizedDocument, for key: String, body: [UInt8]) {
        guard body.capacity + Self.weight(of: document) <= maxBytes / 4 else { return }
        let kept = Self.compacted(document)
        let bytes = body.capacity + Self.weight(of: kept)
        entries.withLock { entries in
            entries.insert(Entry(body: body, document: kept), bytes: bytes, for: key)
        }
    }

    /// `document` with each byte segment in an array of its size when it
    /// has more than an eighth spare: the sanitizer hands over its output
    /// buffer with its room (a quarter more than the page, or twice the
    /// bytes when it grew); kept for minutes, that room is memory held for
    /// nothing. The copy costs a memcpy of the page, once per page kept;
    /// a page whose room fits within an eighth (as the benchmark's result
    /// page's does) is kept as it is, its room counted in its weight.
    private static func compacted(_ document: SanitizedDocument) -> SanitizedDocument {
        var document = document
        document.segments = document.segments.map { segment in
            guard case .bytes(let bytes) = segment, bytes.capacity > bytes.count + bytes.count / 8 + 64 else { return segment }
            // A copy into fresh room: `Array(bytes[...])` would hand back the same buffer.
            return .bytes([UInt8](unsafeUninitializedCapacity: bytes.count) { room, count in
                count = room.initialize(fromContentsOf: bytes)
            })
        }
        return document
    }

    /// What a document holds in memory, near enough: its segments' room
    /// and the strings of its reports, each with a string's overhead.
    static func weight(of document: SanitizedDocument) -> Int {
        var bytes = 256 + document.segments.capacity * 16
        for case .bytes(let run) in document.segments { bytes += run.capacity + 32 }
        for blocked in document.blocked {
            bytes += blocked.url.utf8.count + 64 + blocked.rules.reduce(0) { $0 + $1.utf8.count + 32 }
        }
        bytes += document.hiddenSelectors.reduce(0) { $0 + $1.utf8.count + 32 }
        bytes += document.subresourceHosts.reduce(0) { $0 + $1.utf8.count + 48 }
        return bytes + (document.title?.utf8.count ?? 0)
    }
}
