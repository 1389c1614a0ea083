// "domain to ASCII" (WHATWG URL Standard §3.3), with UTS #46 from ICU.
//
// Hosts are compared, matched by content-blocker rules and looked up in the
// Public Suffix List in their ASCII form, so "BÜCHER.de", "bücher.de" and
// "xn--bcher-kva.de" must all become "xn--bcher-kva.de". UTS #46 needs
// Unicode's mapping, joining and bidi data: ICU has them and is what
// WebKit's and Chromium's URL parsers call, with the options used here.

import CICU

enum IDNA {
    /// Converts a percent-decoded host to its ASCII form, or fails like the standard.
    ///
    /// An ASCII host is only lowercased, whatever UTS #46 would say of its
    /// "xn--" labels: the standard does so since browsers load such hosts
    /// ("xn--8i7caa.famitei.net" decodes to full-width letters UTS #46 rejects).
    static func domainToASCII(_ input: [UInt8]) throws(ParseFailure) -> [UInt8] {
        var result: [UInt8]
        if input.allSatisfy({ $0 < 0x80 }) {
            result = input
            for i in result.indices where result[i] >= 0x41 && result[i] <= 0x5A { result[i] |= 0x20 }
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

    /// ICU's processor, opened once with the standard's options (see
    /// `limot_idna_open_url_processor`); nil only if ICU's data is missing,
    /// and then every host that needs UTS #46 fails to parse.
    private static let processor: Processor? = limot_idna_open_url_processor().map(Processor.init)

    /// UTS #46 ToASCII as the standard calls it (the errors it ignores are
    /// ignored, any other fails). Invalid UTF-8 reaches ICU as U+FFFD, which UTS #46 disallows.
    private static func toASCII(_ input: [UInt8]) throws(ParseFailure) -> [UInt8] {
        guard let processor, input.count < Int32.max / 4 else { throw ParseFailure(.invalidDomain) }
        // Room for the usual growth ("ü" is 2 bytes, its label "xn--tda" 7); ICU says if it needs more.
        var capacity = input.count * 4 + 16
        while true {
            var needed: Int32 = -1
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                needed = input.withUnsafeBufferPointer { name in
                    name.withMemoryRebound(to: CChar.self) { name in
                        buffer.withMemoryRebound(to: CChar.self) { destination in
                            limot_idna_to_ascii(
                                processor.handle, name.baseAddress, Int32(name.count),
                                destination.baseAddress, Int32(destination.count))
                        }
                    }
                }
                count = needed >= 0 && Int(needed) <= capacity ? Int(needed) : 0
            }
            guard needed >= 0 else { throw ParseFailure(.invalidDomain) }
            if Int(needed) <= capacity { return output }
            capacity = Int(needed)
        }
    }

    /// ICU's UIDNA processor, which ICU documents as usable concurrently once open.
    private struct Processor: @unchecked Sendable {
        let handle: OpaquePointer
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
