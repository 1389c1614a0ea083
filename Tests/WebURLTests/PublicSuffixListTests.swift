import Foundation
import Testing
import WebURL

/// Debian's list (the `publicsuffix` package), which limot loads by default.
private let systemListPath = "/usr/share/publicsuffix/public_suffix_list.dat"

private func systemList() throws -> PublicSuffixList {
    do {
        return try PublicSuffixList(contentsOf: systemListPath)
    } catch {
        Issue.record("\(error): install Debian's publicsuffix package")
        throw error
    }
}

@Suite("Public Suffix List: the list's own tests (shared/data/psl-test_psl.txt)")
struct PublicSuffixListConformanceTests {
    /// One `checkPublicSuffix(host, registrable);` line: JavaScript string literals or `null`.
    struct Case: CustomStringConvertible {
        var line: Int
        var host: String?
        var registrable: String?
        var description: String { "line \(line): \(host ?? "null") → \(registrable ?? "null")" }
    }

    static func cases() throws -> [Case] {
        let text = String(decoding: try sharedDataFile("psl-test_psl.txt"), as: UTF8.self)
        var cases: [Case] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("checkPublicSuffix(") else { continue }  // comments, blank lines
            let arguments = trimmed.dropFirst("checkPublicSuffix(".count).prefix { $0 != ")" }
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            func value(_ literal: String) -> String?? {
                if literal == "null" { return .some(nil) }
                guard literal.count >= 2, literal.hasPrefix("'"), literal.hasSuffix("'") else { return nil }
                return .some(String(literal.dropFirst().dropLast()))
            }
            guard arguments.count == 2, let host = value(arguments[0]), let registrable = value(arguments[1]) else {
                Issue.record("line \(index + 1) of psl-test_psl.txt is not a checkPublicSuffix call: \(trimmed)")
                continue
            }
            cases.append(Case(line: index + 1, host: host, registrable: registrable))
        }
        return cases
    }

    /// Every case, against the list limot loads. limot works on hosts in
    /// ASCII, so a Unicode host's registrable domain comes back in Punycode
    /// ("食狮.公司.cn" → "xn--85x722f.xn--55qx5d.cn"): the expected value is
    /// converted before comparing. The JavaScript `null` host is the empty host.
    @Test func everyCase() throws {
        let list = try systemList()
        let cases = try Self.cases()
        #expect(!cases.isEmpty, "no checkPublicSuffix lines in psl-test_psl.txt")
        for testCase in cases {
            let expected = testCase.registrable.map { WebURL.domainToASCII($0) ?? "(not a domain: \($0))" }
            #expect(list.registrableDomain(of: testCase.host ?? "") == expected, "\(testCase)")
        }
    }
}

@Suite("Public Suffix List: Debian's public_suffix_list.dat")
struct PublicSuffixListTests {
    struct Row: Sendable, CustomStringConvertible {
        var host: String
        var suffix: String?
        var registrable: String?
        var description: String { host.debugDescription }
    }

    static let rows: [Row] = [
        Row(host: "www.example.co.uk", suffix: "co.uk", registrable: "example.co.uk"),
        Row(host: "co.uk", suffix: "co.uk", registrable: nil),
        Row(host: "a.b.example.com", suffix: "com", registrable: "example.com"),
        // Wildcards and exceptions
        Row(host: "foo.bar.ck", suffix: "bar.ck", registrable: "foo.bar.ck"),
        Row(host: "a.www.ck", suffix: "ck", registrable: "www.ck"),
        Row(host: "a.b.kawasaki.jp", suffix: "b.kawasaki.jp", registrable: "a.b.kawasaki.jp"),
        Row(host: "x.city.kawasaki.jp", suffix: "kawasaki.jp", registrable: "city.kawasaki.jp"),
        // The private section, Unicode rules, unknown TLDs (default rule "*")
        Row(host: "a.foo.github.io", suffix: "github.io", registrable: "foo.github.io"),
        Row(host: "shop.example.xn--55qx5d.cn", suffix: "xn--55qx5d.cn", registrable: "example.xn--55qx5d.cn"),
        Row(host: "example.公司.cn", suffix: "xn--55qx5d.cn", registrable: "example.xn--55qx5d.cn"),
        Row(host: "www.example.unknowntld", suffix: "unknowntld", registrable: "example.unknowntld"),
        Row(host: "localhost", suffix: "localhost", registrable: nil),
        // Normalisation of the input: results are lowercase, a trailing dot is kept
        Row(host: "WWW.Example.CO.UK", suffix: "co.uk", registrable: "example.co.uk"),
        Row(host: "www.example.com.", suffix: "com.", registrable: "example.com."),
        // Not domains: libpsl would call "0.1" the registrable domain of 127.0.0.1
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
    func lookup(_ row: Row) throws {
        let list = try systemList()
        #expect(list.publicSuffix(of: row.host) == row.suffix)
        #expect(list.registrableDomain(of: row.host) == row.registrable)
        #expect(PublicSuffixList.shared.registrableDomain(of: row.host) == row.registrable)
    }

    /// The allocation-free form the content-blocker decision calls agrees with the String one.
    @Test(arguments: rows)
    func registrableDomainStart(_ row: Row) throws {
        guard row.host.utf8.allSatisfy({ $0 < 0x80 }) else { return }  // the hot path sees hostname's ASCII only
        let list = try systemList()
        var host = row.host
        let start = host.withUTF8 { list.registrableDomainStart(inASCII: $0) }
        #expect(start.map { String(row.host.utf8.dropFirst($0))!.lowercased() } == row.registrable)
    }

    @Test(arguments: [
        ("a.example.co.uk", "b.example.co.uk", true),
        ("example.co.uk", "www.example.co.uk", true),
        ("example.co.uk", "other.co.uk", false),
        ("alice.github.io", "bob.github.io", false),
        ("alice.github.io", "www.alice.github.io", true),
        ("static.bbc.co.uk", "www.bbc.co.uk", true),
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
    func sameSite(_ a: String, _ b: String, _ expected: Bool) throws {
        let list = try systemList()
        #expect(list.isSameSite(a, b) == expected)
        #expect(list.isSameSite(b, a) == expected)
    }

    @Test func defaultListLookupOrder() throws {
        // An explicit list from the environment wins: its one rule applies, github.io is no suffix there.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("weburl-psl-\(getpid()).dat")
        try "// a list of one rule\nco.example\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromEnvironment = PublicSuffixList.loadDefault(environment: ["LIMOT_PUBLIC_SUFFIX_LIST": file.path])
        #expect(fromEnvironment.registrableDomain(of: "www.shop.co.example") == "shop.co.example")
        #expect(fromEnvironment.registrableDomain(of: "foo.github.io") == "github.io")

        // An unreadable environment path falls back to the system file.
        let system = PublicSuffixList.loadDefault(environment: ["LIMOT_PUBLIC_SUFFIX_LIST": "/nonexistent"])
        _ = try systemList()
        #expect(system.registrableDomain(of: "foo.github.io") == "foo.github.io")
        #expect(system.registrableDomain(of: "www.shop.co.example") == "co.example")

        // Neither readable: libpsl's built-in copy of the whole list, private section included.
        let builtIn = PublicSuffixList.loadDefault(environment: [:], systemPath: "/nonexistent")
        #expect(builtIn.registrableDomain(of: "www.example.co.uk") == "example.co.uk")
        #expect(builtIn.registrableDomain(of: "foo.github.io") == "foo.github.io")
    }

    @Test func compiledListBesideTheTextIsReadUnlessOlder() throws {
        // A one-rule text list beside a copy of Debian's compiled (DAFSA) list.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weburl-psl-dafsa-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("list.dat"), compiled = folder.appendingPathComponent("list.dafsa")
        try "co.example\n".write(to: text, atomically: true, encoding: .utf8)
        let systemCompiled = (systemListPath as NSString).deletingPathExtension + ".dafsa"
        #expect(FileManager.default.fileExists(atPath: systemCompiled), "Debian's publicsuffix package ships \(systemCompiled)")
        try FileManager.default.copyItem(atPath: systemCompiled, toPath: compiled.path)

        let old = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: text.path)
        let fromCompiled = PublicSuffixList.loadDefault(environment: [:], systemPath: text.path)
        #expect(fromCompiled.registrableDomain(of: "foo.github.io") == "foo.github.io")
        #expect(fromCompiled.registrableDomain(of: "www.shop.co.example") == "co.example")

        // The text edited since it was compiled: the text is what holds.
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: compiled.path)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: text.path)
        let fromText = PublicSuffixList.loadDefault(environment: [:], systemPath: text.path)
        #expect(fromText.registrableDomain(of: "www.shop.co.example") == "shop.co.example")
        #expect(fromText.registrableDomain(of: "foo.github.io") == "github.io")
    }

    @Test func unusableFilesThrowNamingThePath() throws {
        let missing = #expect(throws: PublicSuffixList.LoadError.self) {
            try PublicSuffixList(contentsOf: "/nonexistent/list.dat")
        }
        #expect(missing?.path == "/nonexistent/list.dat")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("weburl-psl-empty-\(getpid()).dat")
        try "// comments only\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let empty = #expect(throws: PublicSuffixList.LoadError.self) { try PublicSuffixList(contentsOf: file.path) }
        #expect(empty?.path == file.path)
    }

    @Test func worksWithParsedURLs() throws {
        let page = try WebURL("https://www.example.co.uk/index.html")
        let script = try WebURL("https://cdn.example.co.uk/app.js")
        let tracker = try WebURL("https://tracker.example.net/t.gif")
        #expect(PublicSuffixList.shared.isSameSite(page.hostname, script.hostname))
        #expect(!PublicSuffixList.shared.isSameSite(page.hostname, tracker.hostname))
    }
}
