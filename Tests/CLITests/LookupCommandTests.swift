import FixtureSupport
import Foundation
import Store
import Testing

/// `limot lookup` as a user runs it, against the loopback fixture site
/// reached through `--connect-to` under the real host name, with the
/// shipped rules and site profile.
@Suite("limot lookup against the fixture site", .serialized)
final class LookupCommandTests {
    let siteFixture: DictionarySiteFixture
    var authority: TestCertificateAuthority { siteFixture.authority }
    var fixtures: FixtureServer { siteFixture.fixtures }
    var dataDir: URL { siteFixture.dataDir }

    init() throws {
        siteFixture = try DictionarySiteFixture(name: "lookup")
    }

    private var upstream: [String] { siteFixture.upstream() }

    private func lookup(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> LimotProcess.Result {
        try LimotProcess.run(["lookup"] + arguments + upstream, input: input, environment: environment)
    }

    @Test("a German word: its entries in columns, Persian kept in logical order with its zero-width non-joiners")
    func germanWord() throws {
        let result = try lookup(["Haus", "--width", "100", "--color", "never", "--bidi", "none"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Haus · de-fa · "))
        #expect(result.standardOutput.contains("das Haus"))
        #expect(result.standardOutput.contains("خانه"))
        #expect(!result.standardOutput.contains("\u{1B}["), "no colour when asked for none")
        #expect(result.standardOutput.contains("https://www.loghatnameh.de/search?q=Haus"))
        // Nothing reached the ad hosts: the lookup fetched only the result page.
        #expect(try fixtures.hits().keys.sorted() == ["www.loghatnameh.de"])
    }

    @Test("a Persian word looks up Persian→German by its script")
    func persianWord() throws {
        let result = try lookup(["خانه", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["direction"] as? String == "fa-de")
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(!entries.isEmpty)
        let headword = try #require(entries.first?["headword"] as? [String: Any])
        #expect(headword["dir"] as? String == "rtl")
        #expect(headword["lang"] as? String == "fa")
    }

    @Test("--json has the documented fields, --limit cuts the entries")
    func jsonSchema() throws {
        let result = try lookup(["Haus", "--json", "--limit", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["schema"] as? Int == 1)
        for key in ["query", "normalized_query", "direction", "source_url", "fetched_at", "entries", "suggestions"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.count == 2)
        let translations = try #require(entries.first?["translations"] as? [[String: Any]])
        #expect(translations.allSatisfy { $0["dir"] as? String == "rtl" && $0["lang"] as? String == "fa" })
    }

    @Test("no entries: exit 1 with the dictionary's suggestions")
    func notFound() throws {
        let result = try lookup(["Hauss", "--color", "never", "--bidi", "none"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("No entries for Hauss."))
        #expect(result.standardOutput.contains("Haus"))
    }

    @Test("--offline answers from the notebook after one online lookup, and only then")
    func offline() throws {
        let before = try lookup(["Buch", "--offline", "--json"])
        #expect(before.status == 1)
        #expect(before.standardError.contains("neither in the notebook nor in the cache"))
        let online = try lookup(["Buch", "--json"])
        #expect(online.status == 0, "\(online.standardError)")
        fixtures.stop()  // the site is gone: offline must not need it
        let after = try lookup(["Buch", "--offline", "--json"])
        #expect(after.status == 0, "\(after.standardError)")
        let onlineEntries = try #require(try JSONSerialization.jsonObject(with: Data(online.standardOutput.utf8)) as? [String: Any])["entries"] as? NSArray
        let offlineEntries = try #require(try JSONSerialization.jsonObject(with: Data(after.standardOutput.utf8)) as? [String: Any])["entries"] as? NSArray
        #expect(onlineEntries == offlineEntries)
    }

    @Test("the cached result page answers when the site is gone, and --offline when the notebook has no entry")
    func fromTheCache() throws {
        let online = try lookup(["Haus", "--json"])
        #expect(online.status == 0, "\(online.standardError)")
        #expect(try LimotStore(directory: dataDir.path).clearLookups() == 1)
        fixtures.stop()
        let unreachable = try lookup(["Haus", "--json"])
        #expect(unreachable.status == 0, "\(unreachable.standardError)")
        #expect(unreachable.standardError.contains("the site could not be reached"), "\(unreachable.standardError)")
        #expect(unreachable.standardError.contains("this is the copy saved on "))
        let offline = try lookup(["Haus", "--offline", "--json"])
        #expect(offline.status == 0, "\(offline.standardError)")
        let entries = { (text: String) in (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["entries"] as? NSArray }
        #expect(entries(offline.standardOutput) == entries(online.standardOutput))
        #expect(entries(offline.standardOutput)?.count ?? 0 > 0)
    }

    @Test("--no-history and LIMOT_NO_HISTORY keep nothing")
    func noHistory() throws {
        #expect(try lookup(["gehen", "--no-history", "--json"]).status == 0)
        #expect(try lookup(["gehen", "--json"], environment: ["LIMOT_NO_HISTORY": "1"]).status == 0)
        let offline = try lookup(["gehen", "--offline"])
        #expect(offline.status == 1)
    }

    @Test("the site cannot be reached: exit 3 and the address in the message")
    func networkFailure() throws {
        let closed = closedPort()
        let result = try LimotProcess.run(["lookup", "Haus", "--connect-to", "www.loghatnameh.de:443:127.0.0.1:\(closed)",
                                           "--cacert", authority.caFile, "--data-dir", dataDir.path, "--connect-timeout", "2"])
        #expect(result.status == 3)
        #expect(result.standardError.contains("www.loghatnameh.de"), "\(result.standardError)")
    }

    @Test("the site redirects in a circle: exit 3 and the circle in the message")
    func redirectCycle() throws {
        let result = try lookup(["Kreisverkehr"])
        #expect(result.status == 3)
        let asked = "https://www.loghatnameh.de/search?q=Kreisverkehr&dir=de-fa"
        #expect(result.standardError.contains("error: cannot fetch from the dictionary: \(asked): the site redirects in a circle: "
                + "\(asked) → https://www.loghatnameh.de/search?q=Kreisel → \(asked)\n"), "\(result.standardError)")
    }

    @Test("a malformed site profile: exit 2 naming the file")
    func badProfile() throws {
        let profile = dataDir.appendingPathComponent("bad.json")
        try Data(#"{"manifest_version": 7}"#.utf8).write(to: profile)
        let result = try lookup(["Haus", "--site", profile.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("bad.json"), "\(result.standardError)")
    }

    @Test("German typed without umlauts finds the word with them")
    func umlautsTolerated() throws {
        // A site that knows only "Häuser" (the Haus page under that name).
        let sites = dataDir.appendingPathComponent("sites")
        let search = sites.appendingPathComponent("www.loghatnameh.de/search")
        try FileManager.default.createDirectory(at: search, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: FixtureServer.defaultSites.appendingPathComponent("www.loghatnameh.de/search/Haus.html"),
                                         to: search.appendingPathComponent("Häuser.html"))
        try FileManager.default.copyItem(at: FixtureServer.defaultSites.appendingPathComponent("www.loghatnameh.de/search/_none.html"),
                                         to: search.appendingPathComponent("_none.html"))
        let site = try FixtureServer.start(sites: sites, tls: (authority.certificateFile, authority.keyFile))
        defer { site.stop() }
        let result = try LimotProcess.run(["lookup", "Haeuser", "--json", "--connect-to", "www.loghatnameh.de:443:127.0.0.1:\(site.port)",
                                           "--cacert", authority.caFile, "--data-dir", dataDir.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("these are for “Häuser”"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["query"] as? String == "Haeuser")
        #expect(json["normalized_query"] as? String == "Häuser")
        // Offline too, from what that lookup kept.
        site.stop()
        let offline = try LimotProcess.run(["lookup", "Haeuser", "--offline", "--json", "--data-dir", dataDir.path])
        #expect(offline.status == 0, "\(offline.standardError)")
    }

    @Test("in tmux, which does not reorder, Persian is shown in visual order on the screen")
    func tmuxScreen() throws {
        let tmux = try TmuxScreen(folder: dataDir, columns: 100, rows: 30,
                                  command: [LimotProcess.executable.path, "lookup", "خانه", "--color", "never", "--limit", "1"] + upstream)
        defer { tmux.stop() }
        let screen = try tmux.screenWhenDone()
        #expect(screen.contains(TmuxScreen.doneMarker), "\(screen)")
        // The header's query, reversed for the screen: read right to left it is خانه.
        #expect(screen.contains("هناخ · fa-de"), "\(screen)")
        #expect(!screen.contains("\u{2067}"))
    }

    @Test("words on standard input, one per line, when there is no terminal")
    func standardInput() throws {
        let result = try lookup(["--color", "never", "--bidi", "none", "--width", "80"], input: "Haus\nBuch\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Haus · de-fa"))
        #expect(result.standardOutput.contains("Buch · de-fa"))
    }

    /// Plain http to the fixture server under `host`, and the data directory.
    private func plainSite(_ host: String) -> [String] {
        ["--home", "http://\(host)/", "--connect-to", "\(host):80:127.0.0.1:\(fixtures.plainPort)", "--data-dir", dataDir.path]
    }

    @Test("--home moves every request: the search goes to that origin (plain http here), not the profile's https")
    func homeMovesTheSearch() throws {
        let result = try LimotProcess.run(["lookup", "Haus", "--json"] + plainSite("www.loghatnameh.de"))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["source_url"] as? String == "http://www.loghatnameh.de/search?q=Haus&dir=de-fa")
        #expect((json["entries"] as? [Any])?.isEmpty == false)
        #expect(try fixtures.requests().map(\.path) == ["/search?q=Haus&dir=de-fa"])
        let bad = try LimotProcess.run(["lookup", "Haus", "--home", "ftp://www.loghatnameh.de/"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--home ftp://www.loghatnameh.de/ is not an http or https URL"))
    }

    @Test("a site whose search moved: the profile's address finds nothing, the home page's form is found and used, -v says so once")
    func searchFoundOnTheHomePage() throws {
        let words = "Haus\nBuch\n"
        let verbose = try LimotProcess.run(["lookup", "-v", "--color", "never"] + plainSite("neu.loghatnameh.de"), input: words)
        #expect(verbose.status == 0, "\(verbose.standardError)")
        #expect(verbose.standardOutput.contains("das Haus"))
        #expect(verbose.standardOutput.contains("Buch · de-fa"))
        let note = "note: the site's search is http://neu.loghatnameh.de/woerterbuch/suche?quelle=start&begriff={query}&los=1 (its home page's search form)"
        #expect(verbose.standardError.components(separatedBy: note).count == 2, "said once: \(verbose.standardError)")
        // The profile's address once (it found nothing), the home page once, then only the form's address.
        #expect(try fixtures.requests().map(\.path) == [
            "/search?q=Haus&dir=de-fa", "/",
            "/woerterbuch/suche?quelle=start&begriff=Haus&los=1", "/woerterbuch/suche?quelle=start&begriff=Buch&los=1",
        ])
        // Without -v the lookup works the same and says nothing about it.
        let quiet = try LimotProcess.run(["lookup", "Buch", "--color", "never"] + plainSite("neu.loghatnameh.de"))
        #expect(quiet.status == 0, "\(quiet.standardError)")
        #expect(!quiet.standardError.contains("note:"))
    }
}
