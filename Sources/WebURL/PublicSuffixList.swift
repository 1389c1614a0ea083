// The Public Suffix List (https://publicsuffix.org) and registrable domains.

import Foundation

/// Public suffixes ("effective TLDs") and registrable domains ("eTLD+1"),
/// computed the way browsers do for first-party/third-party decisions.
///
/// Content-blocker rules with `load-type: third-party` apply only when the
/// request's registrable domain differs from the page's; "cdn.example.co.uk"
/// and "www.example.co.uk" are the same site, "alice.github.io" and
/// "bob.github.io" are not. That cannot be decided from the host strings
/// alone, hence this list. Both the ICANN and the PRIVATE sections are used,
/// as browsers do.
///
/// Lookups run on the request path, so rules live in one open-addressing hash
/// table keyed by domain suffix (hashed right to left, so each longer suffix
/// extends the previous hash), with every proper suffix of a rule present as an
/// interior node so a lookup stops at the first unknown suffix. A lookup walks
/// the host's UTF-8 bytes once and allocates nothing except the returned string.
///
/// Hosts are expected in the ASCII form `WebURL.hostname` produces (lowercase,
/// Punycode); uppercase ASCII is tolerated, and other non-ASCII input is
/// converted with `WebURL.domainToASCII` first (slower, allocates), so results
/// for such input are in ASCII form. A single trailing dot ("example.com.") is
/// ignored for matching and kept in the results.
public struct PublicSuffixList: Sendable {
    private let table: SuffixTable

    /// Number of rules read (normal, wildcard and exception), for diagnostics.
    public let ruleCount: Int

    // MARK: - Loading

    /// Parses the list's text format: one rule per line (read up to the first
    /// whitespace), "//" comments, "*.x" wildcards, "!x" exceptions. Rules in
    /// Unicode are converted to Punycode. Malformed lines are skipped.
    public init(parsing text: String) {
        var text = text
        self = text.withUTF8 { PublicSuffixList(bytes: $0) }
    }

    /// Loads a list file in the `.dat` format.
    public init(contentsOf path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        self = data.withUnsafeBytes { PublicSuffixList(bytes: $0.bindMemory(to: UInt8.self)) }
    }

    /// The list used by default: the file named by the environment variable
    /// `LIMOT_PUBLIC_SUFFIX_LIST` if set and readable, else
    /// /usr/share/publicsuffix/public_suffix_list.dat (Debian's `publicsuffix`
    /// package). If neither is readable, a small built-in fallback is used: the
    /// implicit default rule "*" (every TLD is a public suffix) plus common
    /// multi-label ICANN suffixes (co.uk, com.au, co.jp, …). The fallback gets
    /// private suffixes such as github.io wrong, so deployments should install the list.
    /// Loaded once, on first use (Swift initialises static properties thread-safely).
    public static let shared: PublicSuffixList = loadDefault()

    /// The lookup `shared` performs, exposed so a long-running process can
    /// reload the list (e.g. after a package upgrade) and tests can check the order:
    /// `environment["LIMOT_PUBLIC_SUFFIX_LIST"]`, then `systemPath`, then the built-in fallback.
    public static func loadDefault(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        systemPath: String = "/usr/share/publicsuffix/public_suffix_list.dat"
    ) -> PublicSuffixList {
        var candidates: [String] = []
        if let path = environment["LIMOT_PUBLIC_SUFFIX_LIST"], !path.isEmpty { candidates.append(path) }
        candidates.append(systemPath)
        for path in candidates {
            if let list = try? PublicSuffixList(contentsOf: path), list.ruleCount > 0 { return list }
        }
        return PublicSuffixList(parsing: builtInFallback)
    }

    static let builtInFallback = """
        // Built-in fallback; the default rule "*" is implicit.
        co.uk
        org.uk
        ac.uk
        gov.uk
        me.uk
        ltd.uk
        plc.uk
        net.uk
        com.au
        net.au
        org.au
        edu.au
        gov.au
        co.nz
        org.nz
        net.nz
        co.jp
        ne.jp
        or.jp
        ac.jp
        com.br
        com.cn
        net.cn
        org.cn
        co.in
        co.za
        com.mx
        com.tr
        co.kr
        com.tw
        com.hk
        com.sg
        co.il
        com.ar
        """

    private init(bytes text: UnsafeBufferPointer<UInt8>) {
        var lines = 0
        for byte in text where byte == 0x0A { lines += 1 }
        var builder = SuffixTableBuilder(expectedNames: lines)
        var rules = 0
        var lineStart = 0
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != 0x0A { lineEnd += 1 }
            var start = lineStart
            while start < lineEnd, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
            var end = start
            while end < lineEnd, text[end] > 0x20 { end += 1 }
            if end > start, !(end - start >= 2 && text[start] == 0x2F && text[start + 1] == 0x2F) {
                if PublicSuffixList.addRule(UnsafeBufferPointer(rebasing: text[start..<end]), to: &builder) {
                    rules += 1
                }
            }
            lineStart = lineEnd + 1
        }
        table = SuffixTable(builder)
        ruleCount = rules
    }

    /// Adds one rule line; false if it is not a usable rule.
    private static func addRule(_ rule: UnsafeBufferPointer<UInt8>, to builder: inout SuffixTableBuilder) -> Bool {
        var flags = SuffixFlags.rule
        var name = Array(rule)
        if name.first == UInt8(ascii: "!") {
            flags = SuffixFlags.exception
            name.removeFirst()
        } else if name.starts(with: "*.".utf8) {
            flags = SuffixFlags.wildcard
            name.removeFirst(2)
        }
        if name.contains(where: { $0 >= 0x80 }) {
            guard let ascii = IDNA.domainToASCII(String(decoding: name, as: UTF8.self)) else { return false }
            name = Array(ascii.utf8)
        } else {
            name = name.map { $0.asciiLowercased }
        }
        if name.last == UInt8(ascii: ".") { name.removeLast() }
        guard !name.isEmpty, name.count < Int(UInt16.max), name.first != UInt8(ascii: "."),
            !name.contains(UInt8(ascii: "*"))
        else { return false }
        builder.insert(name[...], flags: flags)
        // Every proper suffix becomes an interior node, so lookups can stop early.
        for i in name.indices where name[i] == UInt8(ascii: ".") && i + 1 < name.count {
            builder.insert(name[(i + 1)...], flags: SuffixFlags.interior)
        }
        return true
    }

    // MARK: - Lookup

    /// Runs `body` on the host's ASCII bytes without copying them; non-ASCII
    /// hosts are converted to ASCII first.
    @inline(__always)
    private static func withASCII<R>(_ host: String, _ body: (UnsafeBufferPointer<UInt8>) -> R?) -> R? {
        var needsConversion = false
        let result = host.utf8.withContiguousStorageIfAvailable { bytes -> R? in
            for byte in bytes where byte >= 0x80 {
                needsConversion = true
                return nil
            }
            return body(bytes)
        }
        if let result, !needsConversion { return result }
        guard var ascii = needsConversion ? WebURL.domainToASCII(host) : host else { return nil }
        return ascii.withUTF8 { body($0) }
    }

    /// The public suffix ("co.uk" for "www.example.co.uk"; "github.io" for
    /// "foo.github.io"), lowercase, or nil for IP addresses, empty hosts and hosts with
    /// empty labels. A host that is itself a suffix (or a single label such as
    /// "localhost") is its own public suffix.
    public func publicSuffix(of host: String) -> String? {
        PublicSuffixList.withASCII(host) { bytes in
            guard let (start, _) = table.split(bytes) else { return nil }
            return PublicSuffixList.lowercasedString(bytes[start...])
        }
    }

    /// The registrable domain ("eTLD+1": "example.co.uk" for "www.example.co.uk"), lowercase,
    /// or nil for IP addresses, for a host that is itself a public suffix
    /// ("co.uk", "github.io", "localhost"), and for "".
    public func registrableDomain(of host: String) -> String? {
        PublicSuffixList.withASCII(host) { bytes in
            guard let (_, registrable) = table.split(bytes), let start = registrable else { return nil }
            return PublicSuffixList.lowercasedString(bytes[start...])
        }
    }

    /// Where the registrable domain starts in an ASCII host, or nil as
    /// `registrableDomain(of:)`; allocation-free, for hot paths.
    public func registrableDomainStart(inASCII host: UnsafeBufferPointer<UInt8>) -> Int? {
        table.split(host)?.registrableStart
    }

    /// Whether two hosts are the same site: equal registrable domains, or, when
    /// either has none (IP addresses, bare public suffixes), equal hosts.
    /// ASCII case and a trailing dot are ignored in both comparisons. Allocation-free for ASCII hosts.
    public func isSameSite(_ a: String, _ b: String) -> Bool {
        PublicSuffixList.withASCII(a) { bytesA in
            PublicSuffixList.withASCII(b) { bytesB in
                let registrableA = table.split(bytesA)?.registrableStart
                let registrableB = table.split(bytesB)?.registrableStart
                if let registrableA, let registrableB {
                    return PublicSuffixList.equalHosts(bytesA, from: registrableA, bytesB, from: registrableB)
                }
                if registrableA != nil || registrableB != nil { return false }
                return PublicSuffixList.equalHosts(bytesA, from: 0, bytesB, from: 0)
            }
        } ?? false
    }

    /// A String of the ASCII bytes, lowercased while copying (one allocation at most).
    private static func lowercasedString(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var i = 0
            for byte in bytes {
                buffer[i] = byte.asciiLowercased
                i += 1
            }
            return i
        }
    }

    /// ASCII case-insensitive equality of `a[fromA...]` and `b[fromB...]`, ignoring one trailing dot.
    private static func equalHosts(
        _ a: UnsafeBufferPointer<UInt8>, from fromA: Int, _ b: UnsafeBufferPointer<UInt8>, from fromB: Int
    ) -> Bool {
        var endA = a.count, endB = b.count
        if endA > fromA, a[endA - 1] == UInt8(ascii: ".") { endA -= 1 }
        if endB > fromB, b[endB - 1] == UInt8(ascii: ".") { endB -= 1 }
        guard endA - fromA == endB - fromB else { return false }
        var i = fromA, j = fromB
        while i < endA {
            if a[i].asciiLowercased != b[j].asciiLowercased { return false }
            i += 1
            j += 1
        }
        return true
    }
}
