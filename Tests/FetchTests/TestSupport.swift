import Fetch
import FixtureSupport
import Foundation
import HTTPTypes
import Synchronization
import Testing
import WebURL

/// One fixture server shared by the tests that only read from it; tests that
/// count hits or inspect recorded requests start their own.
enum SharedFixture {
    private static let server = Mutex<Result<FixtureServer, FixtureServerError>?>(nil)

    static func get() throws -> FixtureServer {
        try server.withLock { server in
            if server == nil {
                do {
                    server = .success(try FixtureServer.start())
                } catch let error as FixtureServerError {
                    server = .failure(error)
                } catch {
                    server = .failure(FixtureServerError("\(error)"))
                }
            }
            return try server!.get()
        }
    }
}

/// Header fields from (name, value) pairs, in order; every name must be a token.
func fields(_ pairs: [(String, String)]) -> HTTPFields {
    HTTPFields(pairs.map { HTTPField(name: HTTPField.Name($0.0)!, value: $0.1) })
}

/// The dictionary host and the test host, mapped to the fixture server.
func mappedConfiguration(_ server: FixtureServer, _ configure: (inout FetchConfiguration) -> Void = { _ in }) -> FetchConfiguration {
    var configuration = FetchConfiguration()
    configuration.connectTo = [
        ConnectTo(host: "www.loghatnameh.de", port: server.isTLS ? 443 : 80, targetHost: "127.0.0.1", targetPort: server.port),
        ConnectTo(host: "fetch.test", port: 80, targetHost: "127.0.0.1", targetPort: server.plainPort),
    ]
    configure(&configuration)
    return configuration
}

func mappedClient(_ server: FixtureServer, _ configure: (inout FetchConfiguration) -> Void = { _ in }) -> HTTPClient {
    HTTPClient(configuration: mappedConfiguration(server, configure))
}

func url(_ text: String) -> WebURL {
    try! WebURL(text)
}

/// Percent-encodes everything but unreserved characters, for query values.
func queryEncoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            result.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            result += String(format: "%%%02X", byte)
        }
    }
    return result
}

/// A path on the fixture server that redirects to `target`.
func redirectPath(to target: String, status: Int = 302) -> String {
    "/_fixture/redirect?status=\(status)&to=\(queryEncoded(target))"
}

/// The error `fetch` throws; records an issue when it answers instead.
func fetchError(
    _ client: HTTPClient, _ request: FetchRequest, redirectPolicy: RedirectPolicy? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> FetchError? {
    do {
        let response = try await client.fetch(request, redirectPolicy: redirectPolicy)
        Issue.record("expected an error, got status \(response.status) from \(response.url)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

func fetchError(_ client: HTTPClient, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) async -> FetchError? {
    await fetchError(client, FetchRequest(url: url(text)), sourceLocation: sourceLocation)
}

/// What /_fixture/echo saw.
struct Echo: Decodable {
    var method: String
    var path: String
    var host: String
    var headers: [String: String]
    var header_list: [[String]]
    var body: String
    var body_length: Int
    var client_port: Int

    init(_ response: FetchResponse) throws {
        self = try JSONDecoder().decode(Echo.self, from: Data(response.body))
    }
}

