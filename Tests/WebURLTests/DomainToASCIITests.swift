import Testing
import WebURL

@Suite("Domain to ASCII")
struct DomainToASCIITests {
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
        // ASCII names are only lowercased, even where their Punycode is invalid (as browsers do)
        ("XN--", "xn--"),
        ("xn--a.xn--zca", "xn--a.xn--zca"),
        ("xn--1ug.example", "xn--1ug.example"),
    ])
    func domainToASCII(_ input: String, _ expected: String) {
        #expect(WebURL.domainToASCII(input) == expected)
    }

    @Test(arguments: [
        "", "a b", "a%b", "\u{AD}", "xn--a.ß", "xn--1ug.bücher", "xn--tešla", "\u{FFFD}.com",
        "\u{200D}.example", "a\u{200C}b", "\u{627}\u{200C}\u{628}", "\u{64A}a",
    ])
    func domainToASCIIRejects(_ input: String) {
        #expect(WebURL.domainToASCII(input) == nil)
    }
}
