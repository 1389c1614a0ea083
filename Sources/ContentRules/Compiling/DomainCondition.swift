/// A place in the top URL where a domain condition's domain can sit.
///
/// WebKit turns `if-domain`/`unless-domain` entries into the regex
/// `[a-z][a-z+.-]*:\/\/` + (`([^/]*\.)*` for `*d`) + `d` + `[:/]`, searched
/// anywhere in the top URL. These keys are exactly the substrings such a
/// regex can match as `d`: after a `scheme://`, ending before `:` or `/`,
/// starting right after `://` (`atStart`, for plain `d`) or after a dot.
struct DomainKey {
    var start: Int
    var end: Int
    var hash: UInt64
    var atStart: Bool
}

/// The key of a domain name: its bytes hashed last to first (ASCII
/// case-insensitively), so that one backward pass over a host yields the keys
/// of all its suffixes.
func domainKey(_ name: [UInt8]) -> UInt64 {
    name.reversed().reduce(hostKeyBasis) { hostKeyStep($0, $1) }
}

enum DomainKeys {
    /// All domain keys of a (case-insensitively compared) top URL.
    static func extract(from url: UnsafeBufferPointer<UInt8>) -> [DomainKey] {
        var keys: [DomainKey] = []
        keys.reserveCapacity(16)  // one allocation for the usual host
        forEach(in: url) { keys.append($0) }
        return keys
    }

    /// Calls `body` with each of `url`'s domain keys, in `extract(from:)`'s
    /// order: for a caller that keeps them in memory of its own, counted first.
    @inline(__always)
    static func forEach(in url: UnsafeBufferPointer<UInt8>, _ body: (DomainKey) -> Void) {
        let count = url.count
        var index = 0
        while index + 2 < count {
            guard url[index] == 0x3A, url[index + 1] == 0x2F, url[index + 2] == 0x2F, hasSchemeBefore(url, index) else {
                index += 1
                continue
            }
            let start = index + 3
            var slash = start
            while slash < count, url[slash] != 0x2F { slash += 1 }
            var end = start
            while end <= slash {
                if end < count && (url[end] == 0x3A || url[end] == 0x2F) {
                    // One backward pass hashes every suffix ending here (see `domainKey`).
                    var hash = hostKeyBasis
                    var position = end
                    while true {
                        if position > start && url[position - 1] == 0x2E {
                            body(DomainKey(start: position, end: end, hash: hash, atStart: false))
                        }
                        if position == start { break }
                        position -= 1
                        hash = hostKeyStep(hash, url[position])
                    }
                    body(DomainKey(start: start, end: end, hash: hash, atStart: true))
                }
                end += 1
            }
            index = start
        }
    }

    /// `[a-z][a-z+.-]*` (case-insensitively) can end right before `colon`.
    private static func hasSchemeBefore(_ url: UnsafeBufferPointer<UInt8>, _ colon: Int) -> Bool {
        var index = colon - 1
        while index >= 0 {
            let byte = url[index]
            if byte.isASCIILetter { return true }
            if byte == 0x2B || byte == 0x2E || byte == 0x2D {
                index -= 1
                continue
            }
            return false
        }
        return false
    }

    /// Whether a domain can be checked natively: its regex is then a plain
    /// literal. That includes a `*` after the first character, which WebKit
    /// escapes and so matches literally (lists converted from AdBlock syntax
    /// write `tesco.*` meaning any top-level domain, but that is not what
    /// WebKit does), and which a URL's host may contain.
    static func isNative(_ domain: String) -> Bool {
        let name = domain.hasPrefix("*") ? domain.utf8.dropFirst() : domain.utf8[...]
        return !name.isEmpty && name.allSatisfy {
            ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || $0 == 0x2A
        }
    }
}

/// A domain list checked without regexes, with the same result as WebKit's.
struct NativeDomainList: Sendable {
    /// One domain: its hash, where its name sits in `names`, and whether it
    /// also covers subdomains (`*domain`). Plain values, so that searching
    /// the list costs no reference counting.
    struct Entry: Sendable, BitwiseCopyable {
        var hash: UInt64
        var nameStart: Int32
        var nameLength: Int32
        var includesSubdomains: Bool
    }

    /// Sorted by hash, so that long lists (some rules name hundreds of
    /// sites) are searched rather than scanned.
    private(set) var entries: [Entry] = []
    /// The names, lower-case, back to back.
    private var names: [UInt8] = []

    init(domains: [String]) {
        var unsorted: [Entry] = []
        for domain in domains {
            let wildcard = domain.hasPrefix("*")
            let name = Array(wildcard ? domain.utf8.dropFirst() : domain.utf8[...])
            unsorted.append(Entry(hash: domainKey(name), nameStart: Int32(names.count), nameLength: Int32(name.count), includesSubdomains: wildcard))
            names += name
        }
        entries = unsorted.sorted { $0.hash < $1.hash }
    }

    /// Reads what `encode(into:)` wrote (the compiled rule cache).
    init(decoding reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        let start = reader.offset
        entries = try reader.readRaw()
        names = try reader.readRaw()
        for entry in entries where entry.nameStart < 0 || entry.nameLength < 0 || Int(entry.nameStart) + Int(entry.nameLength) > names.count {
            throw BinaryReader.Damaged(offset: start, reason: "a domain beyond its list's names")
        }
    }

    func encode(into writer: inout BinaryWriter) {
        writer.writeRaw(entries)
        writer.writeRaw(names)
    }

    /// An entry's name, lower-case.
    func name(of entry: Entry) -> ArraySlice<UInt8> {
        names[Int(entry.nameStart)..<Int(entry.nameStart + entry.nameLength)]
    }

    func matches(_ keys: UnsafeBufferPointer<DomainKey>, in url: UnsafeBufferPointer<UInt8>) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            names.withUnsafeBufferPointer { names in
                for key in keys {
                    // The first entry whose hash is not below the key's.
                    var (low, high) = (0, entries.count)
                    while low < high {
                        let middle = (low + high) / 2
                        if entries[middle].hash < key.hash { low = middle + 1 } else { high = middle }
                    }
                    while low < entries.count, entries[low].hash == key.hash {
                        let entry = entries[low]
                        if (key.atStart || entry.includesSubdomains) && key.end - key.start == Int(entry.nameLength)
                            && literalStands(names, from: Int(entry.nameStart), length: Int(entry.nameLength), in: url, at: key.start) { return true }
                        low += 1
                    }
                }
                return false
            }
        }
    }
}
