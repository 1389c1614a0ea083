// "domain to ASCII" (WHATWG URL Standard §3.3) with a simplified UTS #46.
//
// Hosts are compared, matched by content-blocker rules and looked up in the
// Public Suffix List in their ASCII form, so "BÜCHER.de", "bücher.de" and
// "xn--bcher-kva.de" must all become "xn--bcher-kva.de". The full UTS #46
// mapping table is not embedded; instead labels are mapped with Unicode
// compatibility normalisation (NFKC), lowercasing and NFC via Foundation, which
// agrees with UTS #46 for the vast majority of real-world names.

import Foundation

enum IDNA {
    /// Converts a percent-decoded host to its ASCII form, or fails like the standard.
    static func domainToASCII(_ input: [UInt8]) throws(ParseFailure) -> [UInt8] {
        var result: [UInt8]
        if input.allSatisfy({ $0 < 0x80 }) {
            // Fast path (the standard notes ASCII input without "xn--" labels only needs lowercasing).
            result = input
            for i in result.indices where result[i] >= 0x41 && result[i] <= 0x5A { result[i] |= 0x20 }
            if hasPunycodeLabel(result) { result = try toASCII(result) }
        } else {
            result = try toASCII(input)
        }
        guard !result.isEmpty else { throw ParseFailure(.invalidDomain) }
        for byte in result where HostParser.isForbiddenDomainCodePoint(byte) {
            throw ParseFailure(.forbiddenDomainCodePoint)
        }
        return result
    }

    /// Converts a domain that may contain Unicode to ASCII (for callers outside
    /// URL parsing, e.g. rule lists that name domains in Unicode). Nil if invalid.
    static func domainToASCII(_ domain: String) -> String? {
        guard let bytes = try? domainToASCII(Array(domain.utf8)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hasPunycodeLabel(_ domain: [UInt8]) -> Bool {
        var labelStart = 0
        while labelStart + 4 <= domain.count {
            if domain[labelStart] == UInt8(ascii: "x"), domain[labelStart + 1] == UInt8(ascii: "n"),
                domain[labelStart + 2] == UInt8(ascii: "-"), domain[labelStart + 3] == UInt8(ascii: "-")
            {
                return true
            }
            guard let dot = domain[labelStart...].firstIndex(of: UInt8(ascii: ".")) else { return false }
            labelStart = dot + 1
        }
        return false
    }

    /// Simplified UTS #46 ToASCII (non-transitional, CheckHyphens=false,
    /// UseSTD3ASCIIRules=false, VerifyDnsLength=false).
    private static func toASCII(_ input: [UInt8]) throws(ParseFailure) -> [UInt8] {
        // "UTF-8 decode without BOM": invalid sequences become U+FFFD, which UTS #46 disallows.
        guard let decoded = String(validating: input, as: UTF8.self) else { throw ParseFailure(.invalidDomain) }
        var mapped = String.UnicodeScalarView()
        for scalar in decoded.unicodeScalars {
            switch scalar.value {
            case 0x00AD, 0x034F, 0x180B...0x180F, 0x200B, 0x2060, 0xFE00...0xFE0F, 0xFEFF:
                continue  // mapped to nothing ("ignored") by UTS #46
            case 0x3002, 0xFF0E, 0xFF61:
                mapped.append(".")  // ideographic and full-width full stops
            default:
                mapped.append(scalar)
            }
        }
        let normalized = String(mapped).precomposedStringWithCompatibilityMapping.lowercased()
            .precomposedStringWithCanonicalMapping

        var output: [UInt8] = []
        output.reserveCapacity(input.count + 8)
        var first = true
        for label in normalized.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false) {
            if !first { output.append(UInt8(ascii: ".")) }
            first = false
            if label.allSatisfy(\.isASCII) {
                let bytes = label.map { UInt8($0.value) }
                if bytes.starts(with: "xn--".utf8) {
                    // Must decode to a valid, non-ASCII label (UTS #46 validity criteria, simplified).
                    guard let decoded = Punycode.decode(bytes: Array(bytes.dropFirst(4))),
                        !decoded.isEmpty, !decoded.allSatisfy(\.isASCII), decoded.allSatisfy(isValid)
                    else { throw ParseFailure(.invalidDomain) }
                }
                output.append(contentsOf: bytes)
            } else {
                guard label.allSatisfy(isValid), let encoded = Punycode.encode(scalars: Array(label)) else {
                    throw ParseFailure(.invalidDomain)
                }
                output.append(contentsOf: "xn--".utf8)
                output.append(contentsOf: encoded.utf8)
            }
        }
        return output
    }

    /// Rough UTS #46 "disallowed" test for non-ASCII code points: controls,
    /// surrogates, private use, unassigned, whitespace, format characters other
    /// than ZWNJ/ZWJ, and U+FFFD.
    private static func isValid(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return true }
        if scalar.value == 0xFFFD { return false }
        if scalar.value == 0x200C || scalar.value == 0x200D { return true }
        if scalar.properties.isWhitespace { return false }
        switch scalar.properties.generalCategory {
        case .control, .surrogate, .privateUse, .unassigned, .format, .lineSeparator, .paragraphSeparator,
            .spaceSeparator:
            return false
        default:
            return true
        }
    }
}

extension WebURL {
    /// Converts a domain name to the ASCII form hosts have in parsed URLs
    /// ("Bücher.DE" → "xn--bcher-kva.de"), or nil if a browser would reject it.
    ///
    /// Content-blocker rules and site lists name domains as people write them;
    /// they must be converted before comparison with `hostname`. Percent-escapes
    /// are not decoded here, and IP-address-looking names are not rewritten.
    public static func domainToASCII(_ domain: String) -> String? {
        IDNA.domainToASCII(domain)
    }
}
