import ContentRules
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Lookup
import NIOCore
import Testing
@testable import Proxy

/// limot's routes in process, through Hummingbird's test client: which
/// handler answers each address, with what status and content type, and the
/// request guard before any route. The core is offline and has no store, so
/// a site page is answered from the (empty) cache: no test reaches the
/// network.
struct RouterTests {
    static let stylesheets = Stylesheets(dark: "html { color: #eee }", bar: "#limot-bar { display: flex }", guard: "void 0;")

    /// A core for the shipped loghatnameh.de profile, offline, without a store.
    static func core() throws -> ProxyCore {
        let profile = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Rules/sites/loghatnameh.de.json")
        let site = try SiteProfile(contentsOf: profile.path)
        var configuration = try #require(ProxyConfiguration(site: site, engine: try ContentRuleEngine(lists: []), stylesheets: stylesheets))
        configuration.offline = true
        configuration.store = nil
        var logger = Logger(label: "RouterTests")
        logger.logLevel = .warning
        return ProxyCore(configuration: configuration, port: 8080, logger: logger)
    }

    /// Runs `test` against the core's router without a server.
    static func withRouter(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: try core().router()).test(.router, test)
    }

    static func body(_ response: TestResponse) -> String { String(buffer: response.body) }

    @Test func theBarsButtonsRedirectInHistoryAndAnUnknownOneIsNotFound() async throws {
        try await Self.withRouter { client in
            for action in ["back", "forward", "reload", "home"] {
                try await client.execute(uri: "/_limot/nav/\(action)", method: .get) { response in
                    #expect(response.status == .seeOther, "\(action)")
                    #expect(response.headers[.location]?.hasPrefix("/") == true, "\(action)")
                }
            }
            // The bar's buttons are links, but whatever method asks, they move.
            try await client.execute(uri: "/_limot/nav/back", method: .post) { response in
                #expect(response.status == .seeOther)
            }
            try await client.execute(uri: "/_limot/nav/sideways", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(Self.body(response).contains("limot has no page at this address"))
            }
        }
    }

    @Test func searchThemeAndLookupAnswerWithoutTheSite() async throws {
        try await Self.withRouter { client in
            try await client.execute(uri: "/_limot/search?q=Haus", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location]?.contains("Haus") == true)
            }
            try await client.execute(uri: "/_limot/theme?set=dark&return=/wb/Haus", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/wb/Haus")
                #expect(response.headers[values: .setCookie].contains { $0.hasPrefix("\(Theme.cookieName)=dark;") })
            }
            try await client.execute(uri: "/_limot/theme?set=purple", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            }
            // No word: the empty lookup form, nothing fetched.
            try await client.execute(uri: "/_limot/lookup", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(Self.body(response).contains(#"action="/_limot/lookup""#))
            }
            try await client.execute(uri: "/_limot/stats", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            }
        }
    }

    @Test func staticFilesAreServedByTheirContentPathOnly() async throws {
        let barPath = try #require(Self.stylesheets.files.first { $0.value.type.hasPrefix("text/css") && String(decoding: $0.value.bytes, as: UTF8.self).contains("#limot-bar") }?.key)
        try await Self.withRouter { client in
            try await client.execute(uri: barPath, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(Self.body(response) == Self.stylesheets.bar)
            }
            try await client.execute(uri: barPath, method: .get, headers: [.acceptEncoding: "gzip, deflate"]) { response in
                #expect(response.headers[.contentEncoding] == "deflate")
            }
            for missing in ["/_limot/static/bar-0000.css", "/_limot/static/a/b.css"] {
                try await client.execute(uri: missing, method: .get) { response in
                    #expect(response.status == .notFound, "\(missing)")
                    #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true, "\(missing)")
                }
            }
        }
    }

    @Test func leavingGoesToTheOtherSiteForANavigationOnly() async throws {
        try await Self.withRouter { client in
            try await client.execute(uri: "/_limot/leave?to=https%3A%2F%2Fexample.org%2Fpage", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "https://example.org/page")
            }
            try await client.execute(uri: "/_limot/leave?to=https%3A%2F%2Fexample.org%2F", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
            }
        }
    }

    @Test func subresourceAndDocumentPathsReachTheirHandlers() async throws {
        try await Self.withRouter { client in
            // A subresource is fetched with GET only: the handler says so.
            try await client.execute(uri: "/_limot/sub/image/https/www.loghatnameh.de/logo.png", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(Self.body(response).hasPrefix("limot fetches subresources with GET only"))
            }
            // A site page under /_limot: the document handler, offline.
            try await client.execute(uri: "/_limot/doc/_limot/page", method: .get) { response in
                #expect(response.status == .gatewayTimeout)
                #expect(Self.body(response).contains("Not available offline"))
            }
            try await client.execute(uri: "/_limot/sub/nonsense/https/www.loghatnameh.de/x", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(Self.body(response).contains("limot has no page at this address"))
            }
        }
    }

    @Test(arguments: ["/_limot/x", "/_limot/", "/_limot/nav/back/more", "/_limot/sub/", "/_limot/refusedx"])
    func unknownLimotAddressesAreLimotsNotFoundPageWithTheBar(path: String) async throws {
        try await Self.withRouter { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                let body = Self.body(response)
                #expect(body.contains("limot has no page at this address"))
                #expect(body.contains(#"<nav id="limot-bar""#))
                // Exchange.finish ran: a new browser gets its session.
                #expect(response.headers[values: .setCookie].contains { $0.hasPrefix("\(Exchange.sessionCookie)=") })
            }
        }
    }

    @Test func sitePathsOfAnyMethodReachTheCatchAll() async throws {
        try await Self.withRouter { client in
            // The site's page is read from the cache (offline, nothing kept).
            for path in ["/", "/wb/Haus"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .gatewayTimeout, "\(path)")
                    #expect(Self.body(response).contains("Not available offline"), "\(path)")
                }
            }
            // `/_limot` itself is no address of limot's: the site's handler
            // answers, as for any address it cannot map to a page.
            try await client.execute(uri: "/_limot", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(Self.body(response).contains("This address does not name a page of the dictionary."))
            }
            // The document handler refuses methods it does not pass on, a
            // method no route is registered for (WebDAV's) included.
            for method in [HTTPRequest.Method.put, try #require(HTTPRequest.Method("PROPFIND"))] {
                try await client.execute(uri: "/wb/Haus", method: method) { response in
                    #expect(response.status == .methodNotAllowed, "\(method)")
                    #expect(Self.body(response).contains("limot passes on GET and POST requests"), "\(method)")
                }
            }
        }
    }

    /// One request with the Host header `host`, to a server on loopback in
    /// this process: Hummingbird's test frameworks name every request's
    /// host `localhost`, its `TestClient` sends the one it is given.
    static func request(_ uri: String, host: String) async throws -> TestClient.Response {
        let app = Application(router: try core().router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { live in
            let client = TestClient(host: "127.0.0.1", port: try #require(live.port))
            client.connect()
            let response: TestClient.Response
            do {
                response = try await client.execute(TestClient.Request(uri, method: .get, authority: host))
            } catch {
                try await client.shutdown()
                throw error
            }
            try await client.shutdown()
            return response
        }
    }

    @Test func aForeignHostIsRefusedBeforeAnyRoute() async throws {
        let refused = try await Self.request("/_limot/theme?set=dark", host: "rebound.example")
        #expect(refused.head.status.code == 421)
        #expect(refused.head.headerFields[.connection] == "close")
        #expect(String(buffer: refused.body ?? ByteBuffer()).contains("DNS rebinding"))
        // The theme route did not run: no theme cookie.
        #expect(!refused.head.headerFields[values: .setCookie].contains { $0.hasPrefix("\(Theme.cookieName)=") })

        let served = try await Self.request("/_limot/theme?set=dark", host: "localhost")
        #expect(served.head.status == .seeOther)
        #expect(served.head.headerFields[values: .setCookie].contains { $0.hasPrefix("\(Theme.cookieName)=dark;") })
    }
}
