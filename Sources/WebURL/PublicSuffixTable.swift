// The lookup structure behind `PublicSuffixList`: an open-addressing hash
// table of domain suffixes. Built once, then frozen into raw buffers so that
// lookups do no reference counting, bounds checks or allocation.

/// One slot of the table. A name is stored once in `names` as lowercase ASCII.
struct SuffixEntry {
    var hash: UInt32 = 0
    var offset: UInt32 = 0
    var length: UInt16 = 0  // 0 marks an empty slot (names are never empty)
    var flags: UInt8 = 0
}

enum SuffixFlags {
    static let interior: UInt8 = 0  // only a suffix of some longer rule
    static let rule: UInt8 = 1  // "name"
    static let wildcard: UInt8 = 2  // "*.name"
    static let exception: UInt8 = 4  // "!name"
}

/// FNV-1a over a name's bytes from right to left, so the hash of each longer
/// suffix extends the hash of the shorter one while a host is walked backwards.
enum SuffixHash {
    static let basis: UInt32 = 2_166_136_261
    @inline(__always)
    static func step(_ hash: UInt32, _ byte: UInt8) -> UInt32 { (hash ^ UInt32(byte)) &* 16_777_619 }
}

/// Mutable table used while reading the list.
struct SuffixTableBuilder {
    private(set) var entries: [SuffixEntry]
    private(set) var names: [UInt8] = []
    private var used = 0

    init(expectedNames: Int) {
        var capacity = 64
        while capacity < expectedNames * 2 { capacity <<= 1 }
        entries = [SuffixEntry](repeating: SuffixEntry(), count: capacity)
    }

    /// Adds `name` (lowercase ASCII, no trailing dot) with `flags`, OR-ing into an existing entry.
    mutating func insert(_ name: ArraySlice<UInt8>, flags: UInt8) {
        var hash = SuffixHash.basis
        for byte in name.reversed() { hash = SuffixHash.step(hash, byte) }
        let mask = entries.count - 1
        var slot = Int(hash) & mask
        while entries[slot].length != 0 {
            let entry = entries[slot]
            if entry.hash == hash, Int(entry.length) == name.count,
                names[Int(entry.offset)..<(Int(entry.offset) + name.count)].elementsEqual(name)
            {
                entries[slot].flags |= flags
                return
            }
            slot = (slot + 1) & mask
        }
        entries[slot] = SuffixEntry(hash: hash, offset: UInt32(names.count), length: UInt16(name.count), flags: flags)
        names.append(contentsOf: name)
        used += 1
        if used * 2 > entries.count { grow() }
    }

    private mutating func grow() {
        var bigger = [SuffixEntry](repeating: SuffixEntry(), count: entries.count * 2)
        let mask = bigger.count - 1
        for entry in entries where entry.length != 0 {
            var slot = Int(entry.hash) & mask
            while bigger[slot].length != 0 { slot = (slot + 1) & mask }
            bigger[slot] = entry
        }
        entries = bigger
    }
}

/// The frozen table. Immutable after `init`, hence safe to share between threads.
final class SuffixTable: @unchecked Sendable {
    private let entries: UnsafeMutableBufferPointer<SuffixEntry>
    private let names: UnsafeMutableBufferPointer<UInt8>
    private let mask: Int

    init(_ builder: SuffixTableBuilder) {
        entries = .allocate(capacity: builder.entries.count)
        _ = entries.initialize(from: builder.entries)
        names = .allocate(capacity: max(builder.names.count, 1))
        _ = names.initialize(from: builder.names)
        mask = builder.entries.count - 1
    }

    deinit {
        entries.deallocate()
        names.deallocate()
    }

    /// Finds where the public suffix and the registrable domain start in
    /// `host` (ASCII, any case, optional trailing dot). Nil for empty hosts,
    /// hosts with empty labels, and IP addresses; `registrableStart` is nil
    /// when the host is itself a public suffix.
    func split(_ host: UnsafeBufferPointer<UInt8>) -> (suffixStart: Int, registrableStart: Int?)? {
        guard let base = host.baseAddress else { return nil }
        var n = host.count
        if n > 0, base[n - 1] == UInt8(ascii: ".") { n -= 1 }
        guard n > 0, base[0] != UInt8(ascii: "."), !SuffixTable.looksLikeIPAddress(base, n) else { return nil }

        var hash = SuffixHash.basis
        var i = n - 1
        var previousStart = n  // start of the previous, shorter suffix
        var previousHasWildcard = false
        var suffixStart = -1
        while true {
            let labelEnd = i + 1
            while i >= 0, base[i] != UInt8(ascii: ".") {
                hash = SuffixHash.step(hash, base[i].asciiLowercased)
                i -= 1
            }
            let labelStart = i + 1
            if labelStart == labelEnd { return nil }  // empty label
            if previousHasWildcard { suffixStart = labelStart }  // "*.previous" matches this label
            guard let flags = lookup(hash, base + labelStart, n - labelStart) else {
                break  // no rule is this long: longer suffixes cannot match either
            }
            if flags & SuffixFlags.exception != 0 {
                suffixStart = previousStart  // an exception beats every other rule
                break
            }
            if flags & SuffixFlags.rule != 0 { suffixStart = labelStart }
            previousHasWildcard = flags & SuffixFlags.wildcard != 0
            previousStart = labelStart
            if i < 0 { break }
            hash = SuffixHash.step(hash, UInt8(ascii: "."))
            i -= 1
        }
        // Labels left of the point where matching stopped must not be empty either.
        var k = i
        while k > 0 {
            if base[k] == UInt8(ascii: "."), base[k - 1] == UInt8(ascii: ".") { return nil }
            k -= 1
        }
        if suffixStart < 0 {
            // The implicit default rule "*": the last label.
            suffixStart = n
            while suffixStart > 0, base[suffixStart - 1] != UInt8(ascii: ".") { suffixStart -= 1 }
        }
        guard suffixStart > 0 else { return (suffixStart, nil) }
        var registrableStart = suffixStart - 1
        while registrableStart > 0, base[registrableStart - 1] != UInt8(ascii: ".") { registrableStart -= 1 }
        return (suffixStart, registrableStart)
    }

    /// The flags stored for the `length` bytes at `name` (compared case-insensitively), or nil.
    @inline(__always)
    private func lookup(_ hash: UInt32, _ name: UnsafePointer<UInt8>, _ length: Int) -> UInt8? {
        var slot = Int(hash) & mask
        while true {
            let entry = entries[slot]
            if entry.length == 0 { return nil }
            if entry.hash == hash, Int(entry.length) == length {
                let stored = names.baseAddress! + Int(entry.offset)
                var j = 0
                while j < length, stored[j] == name[j].asciiLowercased { j += 1 }
                if j == length { return entry.flags }
            }
            slot = (slot + 1) & mask
        }
    }

    /// IPv6 literals, and names the URL parser would treat as IPv4 (the last label
    /// is all digits, or "0x" followed by hex digits).
    private static func looksLikeIPAddress(_ host: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        if host[0] == UInt8(ascii: "[") { return true }
        var start = n
        while start > 0, host[start - 1] != UInt8(ascii: ".") {
            if host[start - 1] == UInt8(ascii: ":") { return true }
            start -= 1
        }
        var allDigits = true
        for i in start..<n where !host[i].isASCIIDigit {
            allDigits = false
            break
        }
        if allDigits { return true }
        guard n - start >= 2, host[start] == UInt8(ascii: "0"), host[start + 1] | 0x20 == UInt8(ascii: "x") else {
            return false
        }
        for i in (start + 2)..<n where PercentEncoding.hexValue(host[i]) == nil { return false }
        return true
    }
}
