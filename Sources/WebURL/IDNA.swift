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
        let decoded = String(decoding: input, as: UTF8.self)
        if decoded.unicodeScalars.contains("\u{FFFD}") { throw ParseFailure(.invalidDomain) }
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
            let isPunycode =
                label.count >= 4 && label.starts(with: ["x", "n", "-", "-"] as [Unicode.Scalar])
            if isPunycode {
                // Must be ASCII and decode to a valid, non-ASCII label (UTS #46 validity criteria, simplified).
                guard label.allSatisfy(\.isASCII),
                    let decoded = Punycode.decode(bytes: label.dropFirst(4).map { UInt8($0.value) }),
                    !decoded.isEmpty, !decoded.allSatisfy(\.isASCII), isValidLabel(decoded)
                else { throw ParseFailure(.invalidDomain) }
                output.append(contentsOf: label.map { UInt8($0.value) })
            } else if label.allSatisfy(\.isASCII) {
                output.append(contentsOf: label.map { UInt8($0.value) })
            } else {
                guard isValidLabel(label), let encoded = Punycode.encode(scalars: Array(label)) else {
                    throw ParseFailure(.invalidDomain)
                }
                output.append(contentsOf: "xn--".utf8)
                output.append(contentsOf: encoded.utf8)
            }
        }
        return output
    }

    /// Rough UTS #46 validity for a label: every code point allowed (see
    /// `isAllowed`), and ZERO WIDTH (NON-)JOINER only where the CONTEXTJ rules
    /// of CheckJoiners (RFC 5892 A.1, A.2) permit them: after a virama, or (for
    /// ZWNJ) between a left-joining and a right-joining letter, as in Persian
    /// "نامه‌ای". Joining types come from a small approximation of Unicode's
    /// ArabicShaping data (see `joiningType`).
    private static func isValidLabel(_ label: some Collection<Unicode.Scalar>) -> Bool {
        let scalars = Array(label)
        for (i, scalar) in scalars.enumerated() {
            if scalar.value == 0x200C || scalar.value == 0x200D {
                if i > 0, scalars[i - 1].properties.canonicalCombiningClass == .virama { continue }
                guard scalar.value == 0x200C else { return false }
                var before = i - 1
                while before >= 0, joiningType(scalars[before]) == .transparent { before -= 1 }
                var after = i + 1
                while after < scalars.count, joiningType(scalars[after]) == .transparent { after += 1 }
                guard before >= 0, after < scalars.count,
                    joiningType(scalars[before]) == .dual,
                    joiningType(scalars[after]) == .dual || joiningType(scalars[after]) == .right
                else { return false }
            } else if !isAllowed(scalar) {
                return false
            }
        }
        return true
    }

    private enum JoiningType { case dual, right, transparent, none }

    /// Approximate Unicode Joining_Type: combining marks are transparent;
    /// letters of the cursive Arabic, Syriac, N'Ko and Mongolian blocks are
    /// dual-joining except the Arabic right-joining letters (alef, dal, reh,
    /// waw, teh marbuta and their variants) and hamza; everything else is non-joining.
    private static func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return .transparent
        case .otherLetter, .modifierLetter: break
        default: return scalar.value == 0x0640 ? .dual : .none  // tatweel is join-causing
        }
        switch scalar.value {
        case 0x0621, 0x0674: return .none
        case 0x0622...0x0625, 0x0627, 0x0629, 0x062F...0x0632, 0x0648, 0x0671...0x0673, 0x0675...0x0677,
            0x0688...0x0699, 0x06C0, 0x06C3...0x06CB, 0x06CD, 0x06CF, 0x06D2, 0x06D3, 0x06D5, 0x06EE, 0x06EF,
            0x0759...0x075B, 0x076B, 0x076C, 0x0771, 0x0773, 0x0774, 0x0778, 0x0779, 0x08AA...0x08AC, 0x08AE,
            0x08B1, 0x08B2, 0x08B9:
            return .right
        case 0x0600...0x06FF, 0x0700...0x074F, 0x0750...0x077F, 0x07C0...0x07FF, 0x0860...0x086F,
            0x08A0...0x08FF, 0x1800...0x18AF:
            return .dual
        default:
            return .none
        }
    }

    /// Rough UTS #46 "disallowed" test for code points: controls, surrogates,
    /// private use, unassigned, whitespace, format characters, and U+FFFD.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return true }
        if scalar.value == 0xFFFD || scalar.properties.isWhitespace { return false }
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
