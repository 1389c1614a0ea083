/// A url-filter of the shape converters emit for `||host^`: a fixed scheme
/// and subdomain prefix, a literal host, and a tail.
///
/// Over half the rules of real lists have this shape, and RE2 handles them
/// badly (the DFA for tens of thousands of host alternatives is huge and
/// slow). limot indexes them by the host's first label instead and checks
/// only the rules whose host can be at one of the few places a host can
/// start in the URL.
struct HostAnchoredFilter: Sendable {
    /// How the prefix before the host reads the URL.
    enum Prefix: Sendable, CaseIterable {
        /// AdGuard's `^[htpsw]+://([a-z0-9-]+\.)?`: one optional subdomain label.
        case schemeLettersOneLabel
        /// Brave's `^[^:]+:(//)?([^/]+\.)?`: any scheme, any subdomains.
        case anySchemeAnySubdomains
        /// `^https?://([^/]+\.)?`: http(s), any subdomains.
        case httpAnySubdomains

        var spellings: [String] {
            switch self {
            case .schemeLettersOneLabel: return ["^[htpsw]+://([a-z0-9-]+\\.)?", "^[htpsw]+:\\/\\/([a-z0-9-]+\\.)?"]
            case .anySchemeAnySubdomains: return ["^[^:]+:(//)?([^/]+\\.)?", "^[^:]+:(\\/\\/)?([^\\/]+\\.)?"]
            case .httpAnySubdomains: return ["^https?://([^/]+\\.)?", "^https?:\\/\\/([^\\/]+\\.)?"]
            }
        }
    }

    var prefix: Prefix
    /// The literal host, lower-case, e.g. `ads.example.com`.
    var host: [UInt8]
    /// Whether the filter is exactly prefix + host + the usual end, so that
    /// the native check decides alone without running the regex.
    var isPure: Bool
    /// The url-filter after the host (WebKit regex syntax; empty when nothing follows).
    var tail: String = ""
    /// The literal characters that must follow the host (the tail's leading
    /// run, lower-case), checked before running the regex of an impure filter.
    var tailLiteral: [UInt8] = []

    /// AdGuard's end for `||host^`: `([/:&\?].*)?$`.
    static let separatorEnd = "([/:&\\?].*)?$"
    /// limot's converter's end for `||host^`: `[/:]`, the port or the path.
    static let portOrPathEnd = "[/:]"

    /// What a pure filter requires right after its host.
    enum HostEnd: UInt8, Sendable, BitwiseCopyable {
        /// Nothing: the host may go on (`||ads.`, Brave's `||host^`).
        case anything
        /// The end of the URL or one of `/:&?` (AdGuard's `([/:&\?].*)?$`).
        case separatorOrEnd
        /// `/` or `:` (limot's converter's `[/:]`).
        case portOrPath
    }

    /// What must follow the host when the filter is pure.
    var hostEnd: HostEnd = .anything

    /// Recognises the shape in a url-filter, or nil.
    static func recognize(_ urlFilter: String, caseSensitive: Bool) -> HostAnchoredFilter? {
        for prefix in Prefix.allCases {
            for spelling in prefix.spellings where urlFilter.hasPrefix(spelling) {
                let rest = Array(urlFilter.utf8.dropFirst(spelling.utf8.count))
                var host: [UInt8] = []
                var index = 0
                while index < rest.count {
                    let byte = rest[index]
                    if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D {
                        host.append(byte)
                        index += 1
                    } else if byte == 0x5C, index + 1 < rest.count, rest[index + 1] == 0x2E {
                        host.append(0x2E)
                        index += 2
                    } else {
                        break
                    }
                }
                let tail = rest[index...]
                // A quantifier right after the host would make its last character optional.
                if let next = tail.first, [UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{")].contains(next) {
                    return nil
                }
                guard let dot = host.firstIndex(of: 0x2E), dot > 0 else { return nil }
                let tailText = String(decoding: tail, as: UTF8.self)
                let pure: Bool
                var hostEnd = HostEnd.anything
                switch prefix {
                case .schemeLettersOneLabel:
                    pure = tailText == separatorEnd
                    hostEnd = .separatorOrEnd
                case .anySchemeAnySubdomains:
                    pure = tailText.isEmpty || tailText == portOrPathEnd
                    if tailText == portOrPathEnd { hostEnd = .portOrPath }
                case .httpAnySubdomains: pure = false
                }
                var literal: [UInt8] = []
                var position = tail.startIndex
                while position < tail.endIndex {
                    var byte = tail[position]
                    if byte == 0x5C, position + 1 < tail.endIndex, !tail[position + 1].isASCIILetter, !(tail[position + 1] >= 0x30 && tail[position + 1] <= 0x39) {
                        byte = tail[position + 1]
                        position += 1
                    } else if !(byte.isASCIILetter || (byte >= 0x30 && byte <= 0x39) || byte == 0x2F || byte == 0x2D || byte == 0x5F || byte == 0x3D || byte == 0x26 || byte == 0x2C || byte == 0x25 || byte == 0x3A) {
                        break
                    }
                    // A quantifier after this character would make it optional.
                    if position + 1 < tail.endIndex, [UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{")].contains(tail[position + 1]) { break }
                    literal.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                    position += 1
                }
                return HostAnchoredFilter(prefix: prefix, host: host, isPure: pure && !caseSensitive, tail: tailText, tailLiteral: literal, hostEnd: hostEnd)
            }
        }
        return nil
    }
}

extension HostAnchoredFilter.Prefix {
    /// The prefix as one bit of a set.
    var bit: UInt8 {
        switch self {
        case .schemeLettersOneLabel: return 1
        case .anySchemeAnySubdomains: return 2
        case .httpAnySubdomains: return 4
        }
    }

    /// Calls `body` with each position in `url` where a host can start after
    /// one of the prefixes, and the bits of the prefixes that let it start
    /// there. A sound over-approximation: a filter can match only if its host
    /// starts at one of these positions, with its prefix among the bits.
    /// `schemes` are the scheme tests `url` passes (`SchemeTest.passed(by:)`,
    /// which the decision has made already): they are this function's tests
    /// of a scheme followed by `//`.
    ///
    /// `HostIndex.forEachProbe` walks the same starts in its one pass over
    /// the host; this walk is the plain statement of them, which the tests
    /// hold that pass to.
    static func forEachHostStart(in url: UnsafeBufferPointer<UInt8>, schemes: SchemeTest, _ body: (Int, UInt8) -> Void) {
        let count = url.count
        guard let first = firstHostStart(in: url, schemes: schemes) else { return }
        let (start, allowed) = first
        body(start, allowed)
        // `([a-z0-9-]+\.)?` allows one more start, after a first label of those characters.
        var label = start
        while label < count, isLabelByte(url[label]) { label += 1 }
        let secondStartAllowsLetters = label > start && label < count && url[label] == 0x2E
        // `([^/]+\.)?` allows a start after every dot before the path, but not after a leading dot.
        let subdomains = allowed & ~Self.schemeLettersOneLabel.bit
        var index = start
        while index < count, url[index] != 0x2F {
            if url[index] == 0x2E, index > start {
                body(index + 1, subdomains | (index == label && secondStartAllowsLetters ? allowed & Self.schemeLettersOneLabel.bit : 0))
            }
            index += 1
        }
    }

    /// The first place a host can start in `url` (right after the scheme's
    /// colon, or after its `//`), with the bits of the prefixes that let it
    /// start there; nil when the URL has no scheme. Every later start is
    /// after a dot of the host (see `forEachHostStart`).
    @inline(__always)
    static func firstHostStart(in url: UnsafeBufferPointer<UInt8>, schemes: SchemeTest) -> (start: Int, allowed: UInt8)? {
        let count = url.count
        // `^[^:]+:`: the first colon ends the scheme. A URL that passes the
        // http test (`http://` or `https://`) has it at 4 or 5, known without
        // the scan (which cost some 26 instructions a request, callgrind,
        // `rules match` on the benchmark corpus).
        var colon = 0
        if schemes.contains(.http) {
            colon = url[4] == 0x3A ? 4 : 5
        } else {
            while colon < count, url[colon] != 0x3A { colon += 1 }
        }
        guard colon > 0, colon < count else { return nil }
        var start = colon + 1
        var allowed = Self.anySchemeAnySubdomains.bit
        if start + 1 < count, url[start] == 0x2F, url[start + 1] == 0x2F {
            start += 2
            // `^https?://`, and `^[htpsw]+://`.
            if schemes.contains(.http) { allowed |= Self.httpAnySubdomains.bit }
            if schemes.contains(.schemeLetters) { allowed |= Self.schemeLettersOneLabel.bit }
        }
        return (start, allowed)
    }

    static func isLabelByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }
}

/// FNV-1a over lower-cased ASCII: the key of host and domain indexes.
/// Collisions only cost a wasted check; every candidate is verified.
@inline(__always)
func hostKey(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
    hostKey(bytes, continuing: hostKeyBasis, from: start, to: end)
}

/// The key of no bytes.
let hostKeyBasis: UInt64 = 0xcbf2_9ce4_8422_2325

/// The key of the bytes before (`hash`) followed by `byte`.
@inline(__always)
func hostKeyStep(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
    // Branch-free: 0x20 is added to upper-case letters only.
    let isUpper = UInt64((byte &- 0x41) < 26 ? 1 : 0)
    return (hash ^ (UInt64(byte) | isUpper << 5)) &* 0x100_0000_01b3
}

/// `hostKeyStep` for a byte known not to be an upper-case letter.
@inline(__always)
func hostKeyStep(_ hash: UInt64, lowercased byte: UInt8) -> UInt64 {
    (hash ^ UInt64(byte)) &* 0x100_0000_01b3
}

/// The key of the bytes before `start` (`hash`) followed by `start..<end`.
@inline(__always)
func hostKey(_ bytes: UnsafeBufferPointer<UInt8>, continuing hash: UInt64, from start: Int, to end: Int) -> UInt64 {
    var hash = hash
    var index = start
    while index < end {
        hash = hostKeyStep(hash, bytes[index])
        index += 1
    }
    return hash
}

func hostKey(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { hostKey($0, from: 0, to: $0.count) }
}
