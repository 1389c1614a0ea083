// The Public Suffix List (https://publicsuffix.org) and registrable domains,
// by libpsl: the list's own C library (wildcards, exceptions, both sections),
// the one libcurl already loads.

import CPSL
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
/// libpsl matches the rules; this type decides what reaches it. Hosts are
/// expected in the ASCII form `WebURL.hostname` produces (lowercase,
/// Punycode); uppercase ASCII is tolerated, and other non-ASCII input is
/// converted with `WebURL.domainToASCII` first, so results for such input are
/// in ASCII form. A single trailing dot ("example.com.") is ignored for
/// matching and kept in the results. IP addresses and hosts with empty labels
/// have no public suffix (libpsl would treat "1" of "127.0.0.1" as a TLD).
public struct PublicSuffixList: Sendable {
    /// The loaded rules; nil only when neither a list file nor libpsl's
    /// built-in list exists, and then only the default rule "*" applies.
    private let rules: Rules?

    /// Why a list file could not be used.
    public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file that was tried.
        public var path: String
        public var description: String { "cannot load a Public Suffix List from \(path) (missing, unreadable or no rules)" }
    }

    // MARK: - Loading

    /// Loads a list file in the `.dat` text format (or libpsl's DAFSA format).
    public init(contentsOf path: String) throws(LoadError) {
        guard let context = psl_load_file(path) else { throw LoadError(path: path) }
        // A file of comments only (or not a list at all) has no rules to apply.
        guard psl_suffix_count(context) != 0 else {
            psl_free(context)
            throw LoadError(path: path)
        }
        rules = Rules(context, owned: true)
    }

    private init(rules: Rules?) { self.rules = rules }

    /// The list used by default: the file named by the environment variable
    /// `LIMOT_PUBLIC_SUFFIX_LIST` if set and readable, else
    /// /usr/share/publicsuffix/public_suffix_list.dat (Debian's `publicsuffix`
    /// package, which follows the list as it is today), read from its compiled
    /// form beside it when that is at least as new (`compiledForm(of:)`). If
    /// neither is readable, libpsl's built-in copy of the list (as old as the
    /// libpsl build). Loaded once, on first use (Swift initialises static
    /// properties thread-safely).
    public static let shared: PublicSuffixList = loadDefault()

    /// The lookup `shared` performs, exposed so a long-running process can
    /// reload the list (e.g. after a package upgrade) and tests can check the order:
    /// `environment["LIMOT_PUBLIC_SUFFIX_LIST"]`, then `systemPath`, then libpsl's built-in list.
    public static func loadDefault(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        systemPath: String = "/usr/share/publicsuffix/public_suffix_list.dat"
    ) -> PublicSuffixList {
        var candidates: [String] = []
        if let path = environment["LIMOT_PUBLIC_SUFFIX_LIST"], !path.isEmpty { candidates.append(path) }
        candidates += compiledForm(of: systemPath).map { [$0, systemPath] } ?? [systemPath]
        for path in candidates {
            if let list = try? PublicSuffixList(contentsOf: path) { return list }
        }
        return PublicSuffixList(rules: psl_builtin().map { Rules($0, owned: false) })
    }

    /// The DAFSA file Debian's `publicsuffix` package compiles from the same
    /// list and ships beside the `.dat` (`public_suffix_list.dafsa`), when it
    /// exists and is not older than the text: libpsl maps it as it is (0.1 ms),
    /// where the text takes 10-15 ms of every start to parse and normalise
    /// (IDNA) its 9,500 rules, on the path to a proxy's first answer.
    static func compiledForm(of textPath: String) -> String? {
        guard textPath.hasSuffix(".dat") else { return nil }
        let compiled = String(textPath.dropLast(".dat".count)) + ".dafsa"
        var text = stat(), dafsa = stat()
        guard stat(textPath, &text) == 0, stat(compiled, &dafsa) == 0, dafsa.st_mtim.tv_sec >= text.st_mtim.tv_sec else { return nil }
        return compiled
    }

    // MARK: - Lookup

    /// The public suffix ("co.uk" for "www.example.co.uk"; "github.io" for
    /// "foo.github.io"), lowercase, or nil for IP addresses, empty hosts and hosts with
    /// empty labels. A host that is itself a suffix (or a single label such as
    /// "localhost") is its own public suffix.
    public func publicSuffix(of host: String) -> String? {
        PublicSuffixList.withASCII(host) { bytes in
            guard let (start, _) = split(bytes) else { return nil }
            return PublicSuffixList.lowercasedString(bytes[start...])
        }
    }

    /// The registrable domain ("eTLD+1": "example.co.uk" for "www.example.co.uk"), lowercase,
    /// or nil for IP addresses, for a host that is itself a public suffix
    /// ("co.uk", "github.io", "localhost"), and for "".
    public func registrableDomain(of host: String) -> String? {
        PublicSuffixList.withASCII(host) { bytes in
            guard let (_, registrable) = split(bytes), let start = registrable else { return nil }
            return PublicSuffixList.lowercasedString(bytes[start...])
        }
    }

    /// Where the registrable domain starts in an ASCII host, or nil as
    /// `registrableDomain(of:)`; allocation-free for hosts of up to a few
    /// hundred bytes, for hot paths (every content-blocker decision).
    public func registrableDomainStart(inASCII host: UnsafeBufferPointer<UInt8>) -> Int? {
        split(host)?.registrableStart
    }

    /// Whether two hosts are the same site: equal registrable domains, or, when
    /// either has none (IP addresses, bare public suffixes), equal hosts.
    /// ASCII case and a trailing dot are ignored in both comparisons.
    public func isSameSite(_ a: String, _ b: String) -> Bool {
        PublicSuffixList.withASCII(a) { bytesA in
            PublicSuffixList.withASCII(b) { bytesB in
                let registrableA = split(bytesA)?.registrableStart
                let registrableB = split(bytesB)?.registrableStart
                if let registrableA, let registrableB {
                    return PublicSuffixList.equalHosts(bytesA, from: registrableA, bytesB, from: registrableB)
                }
                if registrableA != nil || registrableB != nil { return false }
                return PublicSuffixList.equalHosts(bytesA, from: 0, bytesB, from: 0)
            }
        } ?? false
    }

    /// Finds where the public suffix and the registrable domain start in
    /// `host` (ASCII, any case, optional trailing dot). Nil for empty hosts,
    /// hosts with empty labels, and IP addresses; `registrableStart` is nil
    /// when the host is itself a public suffix.
    private func split(_ host: UnsafeBufferPointer<UInt8>) -> (suffixStart: Int, registrableStart: Int?)? {
        var length = host.count
        if length > 0, host[length - 1] == UInt8(ascii: ".") { length -= 1 }
        guard length > 0, !PublicSuffixList.hasEmptyLabel(host, length),
            !PublicSuffixList.looksLikeIPAddress(host, length)
        else { return nil }
        let suffixStart: Int
        if let rules {
            // libpsl reads a C string; the copy is lowercased (the list's rules are).
            let found = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { name -> Int? in
                for i in 0..<length { name[i] = CChar(bitPattern: host[i].asciiLowercased) }
                name[length] = 0
                guard let start = name.baseAddress, let suffix = psl_unregistrable_domain(rules.context, start) else {
                    return nil
                }
                return UnsafePointer(start).distance(to: suffix)
            }
            guard let found, found >= 0, found < length else { return nil }
            suffixStart = found
        } else {
            // The default rule "*" alone: the last label.
            var start = length
            while start > 0, host[start - 1] != UInt8(ascii: ".") { start -= 1 }
            suffixStart = start
        }
        guard suffixStart > 0 else { return (suffixStart, nil) }
        var registrableStart = suffixStart - 1
        while registrableStart > 0, host[registrableStart - 1] != UInt8(ascii: ".") { registrableStart -= 1 }
        return (suffixStart, registrableStart)
    }

    /// Whether the first `length` bytes start with a dot or contain two in a row.
    private static func hasEmptyLabel(_ host: UnsafeBufferPointer<UInt8>, _ length: Int) -> Bool {
        var previous = UInt8(ascii: ".")
        for i in 0..<length {
            if host[i] == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return true }
            previous = host[i]
        }
        return false
    }

    /// IPv6 literals, and names the URL parser would treat as IPv4 (the last label
    /// is all digits, or "0x" followed by hex digits).
    private static func looksLikeIPAddress(_ host: UnsafeBufferPointer<UInt8>, _ length: Int) -> Bool {
        if host[0] == UInt8(ascii: "[") { return true }
        var start = length
        while start > 0, host[start - 1] != UInt8(ascii: ".") {
            if host[start - 1] == UInt8(ascii: ":") { return true }
            start -= 1
        }
        if host[start..<length].allSatisfy(\.isASCIIDigit) { return true }
        guard length - start >= 2, host[start] == UInt8(ascii: "0"), host[start + 1] | 0x20 == UInt8(ascii: "x") else {
            return false
        }
        return host[(start + 2)..<length].allSatisfy { PercentEncoding.hexValue($0) != nil }
    }

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

    /// A libpsl context, freed with the last list that uses it (unless it is
    /// libpsl's static built-in one). libpsl's lookups are thread-safe.
    private final class Rules: @unchecked Sendable {
        let context: OpaquePointer
        private let owned: Bool

        init(_ context: OpaquePointer, owned: Bool) {
            self.context = context
            self.owned = owned
        }

        deinit { if owned { psl_free(context) } }
    }
}
