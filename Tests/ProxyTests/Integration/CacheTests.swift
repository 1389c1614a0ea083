import FixtureSupport
import Foundation
import Store
import Testing

/// The HTTP cache as a reader meets it through `limot serve`: pages the
/// site allows to be kept come back without asking it, stale ones are
/// revalidated, and what was read stays readable when the site is gone.
@Suite(.serialized) struct CacheTests {
    /// A `/_fixture/cache` page (documented in fixture_server.py) with a
    /// unique body, so that tests sharing the fixture server never meet.
    static func cachePage(_ parameters: String) -> String {
        "/_fixture/cache?body=\(UUID().uuidString)&\(parameters)"
    }

    /// What the site received for `path`, oldest first.
    static func upstreamRequests(_ testbed: ProxyTestbed, _ path: String) throws -> [FixtureRequest] {
        try testbed.fixtures.requests().filter { $0.host == "www.loghatnameh.de" && $0.path == path }
    }

    @Test func aFreshPageComesFromTheCacheWithoutAskingTheSite() throws {
        let testbed = try ProxyTestbed.get()
        let path = Self.cachePage("cc=max-age%3D300")
        let first = try testbed.browser().open(path)
        let second = try testbed.browser().open(path)
        #expect(first.status == 200 && second.status == 200)
        #expect(first.text.contains(" #1") && second.text.contains(" #1"), "the second reader gets the kept copy")
        #expect(try Self.upstreamRequests(testbed, path).count == 1)
        #expect(!second.text.contains("limot-offline"), "a fresh copy needs no banner")
    }

    @Test func aStalePageIsRevalidatedWithItsETag() throws {
        let testbed = try ProxyTestbed.get()
        let path = Self.cachePage("cc=max-age%3D0&etag=%22v1%22")
        _ = try testbed.browser().open(path)
        let second = try testbed.browser().open(path)
        #expect(second.status == 200)
        #expect(second.text.contains(" #1"), "a 304 keeps the kept body")
        let requests = try Self.upstreamRequests(testbed, path)
        #expect(requests.count == 2)
        #expect(requests.last?.header("If-None-Match") == "\"v1\"")
    }

    @Test func aPageWithOnlyLastModifiedIsRevalidatedWithIt() throws {
        let testbed = try ProxyTestbed.get()
        let path = Self.cachePage("cc=no-cache&lm=\(Int(Date().timeIntervalSince1970) - 3600)")
        _ = try testbed.browser().open(path)
        let second = try testbed.browser().open(path)
        #expect(second.text.contains(" #1"))
        #expect(try Self.upstreamRequests(testbed, path).last?.header("If-Modified-Since") != nil)
    }

    @Test func noStoreIsNeverKept() throws {
        let testbed = try ProxyTestbed.get()
        let path = Self.cachePage("cc=no-store%2C%20max-age%3D300")
        _ = try testbed.browser().open(path)
        let second = try testbed.browser().open(path)
        #expect(second.text.contains(" #2"))
    }

    @Test func expiresInTheFutureIsFreshAndInThePastIsNot() throws {
        let testbed = try ProxyTestbed.get()
        let future = Self.cachePage("expires=-600")
        _ = try testbed.browser().open(future)
        #expect(try testbed.browser().open(future).text.contains(" #1"))
        let past = Self.cachePage("expires=600")
        _ = try testbed.browser().open(past)
        #expect(try testbed.browser().open(past).text.contains(" #2"))
    }

    @Test func varyKeepsOneCopyPerLanguage() throws {
        let testbed = try ProxyTestbed.get()
        let path = Self.cachePage("cc=max-age%3D300&vary=Accept-Language")
        let german = try testbed.browser().open(path, headers: [("Accept-Language", "de")])
        let persian = try testbed.browser().open(path, headers: [("Accept-Language", "fa")])
        let germanAgain = try testbed.browser().open(path, headers: [("Accept-Language", "de")])
        #expect(german.text.contains(" #1 de"))
        #expect(persian.text.contains(" #2 fa"), "another language is another variant")
        #expect(germanAgain.text.contains(" #1 de"))
        #expect(try Self.upstreamRequests(testbed, path).count == 2)
    }

    @Test func blockedResourcesAreNeverStored() throws {
        let testbed = try ProxyTestbed.dedicated()
        let browser = testbed.browser()
        for path in ["/", "/search?q=Haus"] {
            let page = try browser.open(path)
            for sub in BrowsingTests.subresourcePaths(in: page.text) { _ = try browser.request(sub) }
        }
        let store = try LimotStore(directory: testbed.proxy.dataDir)
        let hosts = try store.cacheStatistics().hosts.map(\.host)
        #expect(hosts.contains("www.loghatnameh.de"))
        for host in ProxyTestbed.adHosts { #expect(!hosts.contains(host), "\(host) was stored") }
        #expect(try testbed.adHits().isEmpty)
    }

    @Test func theBrowsersOwnValidatorGetsA304() throws {
        let testbed = try ProxyTestbed.get()
        let browser = testbed.browser()
        _ = try browser.open("/")
        let target = "/_limot/sub/image/https/www.loghatnameh.de" + Self.cachePage("cc=max-age%3D300&etag=%22img%22&type=image/png")
        let first = try browser.request(target)
        #expect(first.status == 200)
        #expect(first.header("ETag") == "\"img\"")
        let again = try browser.request(target, headers: [("If-None-Match", "\"img\"")])
        #expect(again.status == 304, "the browser has this version")
        #expect(again.body.isEmpty)
        let other = try browser.request(target, headers: [("If-None-Match", "\"old\"")])
        #expect(other.status == 200)
    }
}

/// When the site cannot be reached, and with `--offline`: what was read
/// before is served with a banner saying how old it is.
@Suite(.serialized) struct OfflineReadingTests {
    @Test func anUnreachableSiteServesTheSavedCopyWithABanner() throws {
        let testbed = try ProxyTestbed.dedicated()
        let browser = testbed.browser()
        let online = try browser.open("/search?q=Haus")
        #expect(online.status == 200)
        #expect(!online.text.contains("limot-offline"))
        testbed.fixtures.stop()
        let offline = try browser.open("/search?q=Haus")
        #expect(offline.status == 200)
        #expect(offline.text.contains("<div id=\"limot-offline\" role=\"status\" title=\"Saved copy from "))
        #expect(offline.text.contains("the site could not be reached"))
        #expect(offline.text.contains("خانه"), "the page itself is there")
        let unseen = try browser.open("/search?q=Buch")
        #expect(unseen.status == 502, "a page never read has no copy")
    }

    @Test func offlineModeNeverTouchesTheNetwork() throws {
        let testbed = try ProxyTestbed.get()
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("limot-offline-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let read = CacheTests.cachePage("body=read"), unread = CacheTests.cachePage("body=unread")
        do {
            let online = try testbed.startProxy([], dataDir: dataDir)
            #expect(try TestBrowser(port: online.port).open(read).status == 200)
            #expect(online.stop() == 0)
        }
        let offline = try testbed.startProxy(["--offline"], dataDir: dataDir)
        let browser = TestBrowser(port: offline.port)
        let kept = try browser.open(read)
        #expect(kept.status == 200)
        #expect(kept.text.contains("limot is offline (--offline)"))
        #expect(kept.text.contains(" #1"))
        let unseen = try browser.open(unread)
        #expect(unseen.status == 504)
        #expect(unseen.text.contains("Not available offline"))
        #expect(try CacheTests.upstreamRequests(testbed, read).count == 1, "offline, the site got no request")
        #expect(try CacheTests.upstreamRequests(testbed, unread).isEmpty)
    }
}
