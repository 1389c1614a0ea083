import Testing
import WebURL

@Suite("Punycode and domain to ASCII")
struct PunycodeTests {
    @Test(arguments: [
        ("bücher", "bcher-kva"),
        ("münchen", "mnchen-3ya"),
        ("ü", "tda"),
        ("ünïcödé", "ncd-dma1a7bzb"),
        ("日本語", "wgv71a119e"),
        ("☃", "n3h"),
        ("faß", "fa-hia"),
        ("💩", "ls8h"),
        ("公司", "55qx5d"),
        ("abc", "abc-"),
    ])
    func roundTrip(_ unicode: String, _ encoded: String) {
        #expect(Punycode.encode(unicode) == encoded)
        #expect(Punycode.decode(encoded) == unicode)
    }

    @Test(arguments: ["ü-", "99999999999999", "a!b", "-ü"])
    func invalidDecode(_ input: String) {
        #expect(Punycode.decode(input) == nil)
    }

    @Test(arguments: [
        ("bücher.de", "xn--bcher-kva.de"),
        ("Ünïcödé", "xn--ncd-dma1a7bzb"),
        ("BÜCHER.DE", "xn--bcher-kva.de"),
        ("Example.COM", "example.com"),
        ("www.例え.jp", "www.xn--r8jz45g.jp"),
        ("XN--BCHER-KVA.de", "xn--bcher-kva.de"),
        ("a.b.", "a.b."),
        ("-x.ß", "-x.xn--zca"),
        ("ab--c.ß", "ab--c.xn--zca"),
        ("xn--zca.ß", "xn--zca.xn--zca"),
        ("a\u{AD}b", "ab"),
        ("≠", "xn--1ch"),
        ("ශ්\u{200D}රී", "xn--10cl1a0b660p"),
        ("نامه\u{200C}ای", "xn--mgba3gch31f060k"),
        ("لغت\u{200C}نامه.de", "xn--mgbf1cybiej6883c.de"),  // loghatnameh
    ])
    func domainToASCII(_ input: String, _ expected: String) {
        #expect(WebURL.domainToASCII(input) == expected)
    }

    @Test(arguments: [
        "", "a b", "a%b", "xn--", "xn--a", "\u{AD}", "xn--a.xn--zca", "xn--ls8h=", "xn--tešla", "\u{FFFD}.com",
        "xn--zn7c.com", "\u{200D}.example", "xn--1ug.example", "a\u{200C}b", "\u{627}\u{200C}\u{628}",
    ])
    func domainToASCIIRejects(_ input: String) {
        #expect(WebURL.domainToASCII(input) == nil)
    }
}
