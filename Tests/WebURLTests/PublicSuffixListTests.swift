import Foundation
import Testing
import WebURL

@Suite("Public Suffix List: small list")
struct SmallPublicSuffixListTests {
    static let list = PublicSuffixList(
        parsing: """
            // ===BEGIN ICANN DOMAINS===
            // A comment line.
            com
            uk
            co.uk
            jp
            *.kawasaki.jp
            !city.kawasaki.jp
            *.ck
            !www.ck
            cn
            公司.cn
            // ===END ICANN DOMAINS===
            // ===BEGIN PRIVATE DOMAINS===
            github.io   trailing text after whitespace is ignored
            Blogspot.COM
            // ===END PRIVATE DOMAINS===
            """)

    struct Row: Sendable, CustomStringConvertible {
        var host: String
        var suffix: String?
        var registrable: String?
        var description: String { host.debugDescription }
    }

    static let rows: [Row] = [
        Row(host: "www.example.co.uk", suffix: "co.uk", registrable: "example.co.uk"),
        Row(host: "example.co.uk", suffix: "co.uk", registrable: "example.co.uk"),
        Row(host: "co.uk", suffix: "co.uk", registrable: nil),
        Row(host: "uk", suffix: "uk", registrable: nil),
        Row(host: "a.b.example.com", suffix: "com", registrable: "example.com"),
        Row(host: "example.com", suffix: "com", registrable: "example.com"),
        Row(host: "com", suffix: "com", registrable: nil),
        // Wildcards and exceptions
        Row(host: "foo.bar.ck", suffix: "bar.ck", registrable: "foo.bar.ck"),
        Row(host: "bar.ck", suffix: "bar.ck", registrable: nil),
        Row(host: "www.ck", suffix: "ck", registrable: "www.ck"),
        Row(host: "a.www.ck", suffix: "ck", registrable: "www.ck"),
        Row(host: "a.b.kawasaki.jp", suffix: "b.kawasaki.jp", registrable: "a.b.kawasaki.jp"),
        Row(host: "b.kawasaki.jp", suffix: "b.kawasaki.jp", registrable: nil),
        Row(host: "city.kawasaki.jp", suffix: "kawasaki.jp", registrable: "city.kawasaki.jp"),
        Row(host: "x.city.kawasaki.jp", suffix: "kawasaki.jp", registrable: "city.kawasaki.jp"),
        Row(host: "kawasaki.jp", suffix: "jp", registrable: "kawasaki.jp"),
        // Private section, Unicode rules, unknown TLDs (default rule "*")
        Row(host: "foo.github.io", suffix: "github.io", registrable: "foo.github.io"),
        Row(host: "a.foo.github.io", suffix: "github.io", registrable: "foo.github.io"),
        Row(host: "x.blogspot.com", suffix: "blogspot.com", registrable: "x.blogspot.com"),
        Row(host: "shop.example.xn--55qx5d.cn", suffix: "xn--55qx5d.cn", registrable: "example.xn--55qx5d.cn"),
        Row(host: "example.公司.cn", suffix: "xn--55qx5d.cn", registrable: "example.xn--55qx5d.cn"),
        Row(host: "www.example.unknowntld", suffix: "unknowntld", registrable: "example.unknowntld"),
        Row(host: "localhost", suffix: "localhost", registrable: nil),
        // Normalisation of the input
        Row(host: "WWW.Example.CO.UK", suffix: "co.uk", registrable: "example.co.uk"),
        Row(host: "www.example.com.", suffix: "com.", registrable: "example.com."),
        // Not domains
        Row(host: "127.0.0.1", suffix: nil, registrable: nil),
        Row(host: "0x7f.1", suffix: nil, registrable: nil),
        Row(host: "[::1]", suffix: nil, registrable: nil),
        Row(host: "::1", suffix: nil, registrable: nil),
        Row(host: "", suffix: nil, registrable: nil),
        Row(host: ".", suffix: nil, registrable: nil),
        Row(host: "a..com", suffix: nil, registrable: nil),
        Row(host: ".example.com", suffix: nil, registrable: nil),
    ]

    @Test(arguments: rows)
    func lookup(_ row: Row) {
        #expect(Self.list.publicSuffix(of: row.host) == row.suffix)
        #expect(Self.list.registrableDomain(of: row.host) == row.registrable)
    }

    @Test(arguments: [
        ("a.example.co.uk", "b.example.co.uk", true),
        ("example.co.uk", "www.example.co.uk", true),
        ("example.co.uk", "other.co.uk", false),
        ("alice.github.io", "bob.github.io", false),
        ("alice.github.io", "www.alice.github.io", true),
        ("example.com", "EXAMPLE.com.", true),
        ("127.0.0.1", "127.0.0.1", true),
        ("127.0.0.1", "127.0.0.2", false),
        ("[::1]", "[::1]", true),
        ("co.uk", "co.uk", true),
        ("co.uk", "example.co.uk", false),
        ("localhost", "localhost", true),
        ("localhost", "a.localhost", false),
        ("", "", true),
    ])
    func sameSite(_ a: String, _ b: String, _ expected: Bool) {
        #expect(Self.list.isSameSite(a, b) == expected)
        #expect(Self.list.isSameSite(b, a) == expected)
    }

    @Test func ruleCountAndEmptyList() {
        #expect(Self.list.ruleCount == 12)
        let empty = PublicSuffixList(parsing: "")
        #expect(empty.ruleCount == 0)
        #expect(empty.registrableDomain(of: "www.example.co.uk") == "co.uk")
        #expect(empty.publicSuffix(of: "example.com") == "com")
    }
}

@Suite("Public Suffix List: Debian's public_suffix_list.dat")
struct SystemPublicSuffixListTests {
    static let path = "/usr/share/publicsuffix/public_suffix_list.dat"
    /// Nil when Debian's `publicsuffix` package is not installed; the tests then fail with a clear message.
    static let list = try? PublicSuffixList(contentsOf: path)

    static func requireList() throws -> PublicSuffixList {
        try #require(list, "\(path) is missing: install Debian's publicsuffix package")
    }

    @Test(arguments: [
        ("foo.github.io", "foo.github.io"),
        ("github.io", nil),
        ("www.example.co.uk", "example.co.uk"),
        ("a.b.example.com", "example.com"),
        ("www.city.kawasaki.jp", "city.kawasaki.jp"),
        ("a.b.kawasaki.jp", "a.b.kawasaki.jp"),
        ("www.ck", "www.ck"),
        ("example.xn--55qx5d.cn", "example.xn--55qx5d.cn"),
        ("www.bbc.co.uk", "bbc.co.uk"),
        ("localhost", nil),
        ("192.168.0.1", nil),
        ("[2001:db8::1]", nil),
    ] as [(String, String?)])
    func registrableDomain(_ host: String, _ expected: String?) throws {
        #expect(try Self.requireList().registrableDomain(of: host) == expected)
        #expect(PublicSuffixList.shared.registrableDomain(of: host) == expected)
    }

    @Test func loadsTheWholeList() throws {
        let list = try Self.requireList()
        #expect(list.ruleCount > 9000)
        #expect(list.publicSuffix(of: "foo.github.io") == "github.io")
        #expect(!list.isSameSite("alice.github.io", "bob.github.io"))
        #expect(list.isSameSite("static.bbc.co.uk", "www.bbc.co.uk"))
    }

    @Test func defaultListLookupOrder() throws {
        // An explicit list from the environment wins.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("weburl-psl-\(getpid()).dat")
        try "example\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromEnvironment = PublicSuffixList.loadDefault(environment: ["LIMOT_PUBLIC_SUFFIX_LIST": file.path])
        #expect(fromEnvironment.ruleCount == 1)
        #expect(fromEnvironment.registrableDomain(of: "foo.github.io") == "github.io")

        // An unreadable environment path falls back to the system file.
        let system = PublicSuffixList.loadDefault(environment: ["LIMOT_PUBLIC_SUFFIX_LIST": "/nonexistent"])
        #expect(try system.ruleCount == Self.requireList().ruleCount)

        // Neither readable: the built-in fallback knows common multi-label suffixes only.
        let fallback = PublicSuffixList.loadDefault(environment: [:], systemPath: "/nonexistent")
        #expect(fallback.ruleCount > 20 && fallback.ruleCount < 100)
        #expect(fallback.registrableDomain(of: "www.example.co.uk") == "example.co.uk")
        #expect(fallback.registrableDomain(of: "shop.example.com.au") == "example.com.au")
        #expect(fallback.registrableDomain(of: "a.b.example.com") == "example.com")
        #expect(fallback.registrableDomain(of: "foo.github.io") == "github.io")
    }

    @Test func missingFileThrows() {
        #expect(throws: (any Error).self) { try PublicSuffixList(contentsOf: "/nonexistent/list.dat") }
    }

    @Test func worksWithParsedURLs() throws {
        let page = try WebURL("https://www.example.co.uk/index.html")
        let script = try WebURL("https://cdn.example.co.uk/app.js")
        let tracker = try WebURL("https://tracker.example.net/t.gif")
        #expect(PublicSuffixList.shared.isSameSite(page.hostname, script.hostname))
        #expect(!PublicSuffixList.shared.isSameSite(page.hostname, tracker.hostname))
    }
}
