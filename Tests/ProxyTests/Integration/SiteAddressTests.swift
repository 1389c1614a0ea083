import FixtureSupport
import Foundation
import Testing

/// `limot serve --home`: the whole site moves, the proxy's own lookup page
/// with it; and a site whose search moved is searched where its home page's
/// form says.
@Suite("Where the site is", .serialized)
struct SiteAddressTests {
    @Test("--home http://…: the lookup page asks the same origin as the pages, not the profile's https")
    func lookupFollowsHome() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy(["--home", "http://www.loghatnameh.de/"])
        let browser = TestBrowser(port: proxy.port)
        let home = try browser.open("/")
        #expect(home.status == 200)
        let page = try browser.open("/_limot/lookup?q=Buch")
        #expect(page.status == 200, "\(page.text.prefix(2000))")
        #expect(page.text.contains(#"<span lang="de">Buch</span>"#))
        // The notebook says where the entries came from: the http origin.
        let process = Process()
        process.executableURL = LimotServe.executable
        process.arguments = ["history", "list", "--json", "--data-dir", proxy.dataDir]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(entries.compactMap { $0["source_url"] as? String } == ["http://www.loghatnameh.de/search?q=Buch&dir=de-fa"], "\(entries)")
        // The bar's search sends the browser to the site's own result page, on that origin.
        let search = try browser.request("/_limot/search?q=Buch")
        #expect(search.header("Location") == "/search?q=Buch&dir=de-fa")
    }

    @Test("a site whose search moved: /_limot/lookup finds the home page's form and says so in the log")
    func lookupFindsTheMovedSearch() throws {
        let testbed = try ProxyTestbed.get()
        let proxy = try testbed.startProxy(["--home", "http://neu.loghatnameh.de/", "--log-level", "notice"])
        let browser = TestBrowser(port: proxy.port)
        let page = try browser.open("/_limot/lookup?q=Haus")
        #expect(page.status == 200, "\(page.text.prefix(2000))")
        #expect(page.text.contains(#"<span lang="fa" dir="rtl">خانه"#))
        #expect(page.text.contains(#"href="/woerterbuch/suche?quelle=start&amp;begriff=Haus&amp;los=1""#))
        let again = try browser.open("/_limot/lookup?q=Buch")
        #expect(again.status == 200)
        // The bar's search now goes to the address that answers.
        let search = try browser.request("/_limot/search?q=Buch")
        #expect(search.header("Location") == "/woerterbuch/suche?quelle=start&begriff=Buch&los=1")
        let log = proxy.log()
        #expect(log.components(separatedBy: "the site's search is http://neu.loghatnameh.de/woerterbuch/suche").count == 2, "\(log)")
    }
}
