import Fetch
import FixtureSupport
import Testing

/// Every limit holds against a server that sends too much, too slowly, or
/// breaks off, and each failure says what happened.
@Suite struct LimitTests {
    private func smallBodyClient() throws -> HTTPClient {
        mappedClient(try SharedFixture.get()) { $0.limits.maxBodyBytes = 1 << 20 }
    }

    @Test func bodyAnnouncedTooLargeStopsAtOnce() async throws {
        let error = await fetchError(try smallBodyClient(), "http://www.loghatnameh.de/_fixture/big?mb=64")
        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message == "response body larger than 1 MiB")
    }

    @Test func chunkedBodyTooLargeStopsInTheMiddle() async throws {
        let error = await fetchError(try smallBodyClient(), "http://www.loghatnameh.de/_fixture/big?mb=64&chunked=1")
        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message == "response body larger than 1 MiB")
    }

    @Test func bodyOfExactlyTheLimitIsAccepted() async throws {
        let response = try await (try smallBodyClient()).fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/big?mb=1&chunked=1")))
        #expect(response.body.count == 1 << 20)
    }

    @Test func gzipBombIsStoppedEarly() async throws {
        let client = try smallBodyClient()
        let (error, elapsed) = try await onOwnThread { _ in
            let start = ContinuousClock.now
            // 4 GiB of zeros once decoded: counting decoded bytes stops it after 1 MiB.
            let error = await fetchError(client, "http://www.loghatnameh.de/_fixture/gzip-bomb?mb=4096")
            return (error, ContinuousClock.now - start)
        }
        #expect(error?.kind == .bodyTooLarge)
        #expect(elapsed < .seconds(20))
    }

    @Test func hugeHeadersAreRefused() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.limits.maxHeaderBytes = 16 << 10 }
        let error = await fetchError(client, "http://www.loghatnameh.de/_fixture/huge-headers?kb=64")
        #expect(error?.kind == .headersTooLarge)
        #expect(error?.message == "response headers larger than 16 KiB")
    }

    @Test func slowBodyTimesOut() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.limits.totalTimeout = .milliseconds(500) }
        let error = await fetchError(client, "http://www.loghatnameh.de/_fixture/slow?seconds=30")
        #expect(error?.kind == .timedOut)
        #expect(error?.message.hasPrefix("timed out after 500 ms") == true, "\(String(describing: error))")
    }

    @Test func stalledServerTimesOut() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.limits.totalTimeout = .seconds(1) }
        let error = await fetchError(client, "http://www.loghatnameh.de/_fixture/stall")
        #expect(error?.kind == .timedOut)
        #expect(error?.message.hasPrefix("timed out after 1 s") == true, "\(String(describing: error))")
    }

    @Test func connectionResetIsAProtocolError() async throws {
        let client = mappedClient(try SharedFixture.get())
        let error = await fetchError(client, "http://www.loghatnameh.de/_fixture/reset-connection")
        #expect(error?.kind == .protocolError)
        let message = error?.message ?? ""
        #expect(message.contains("reset by") || message.contains("without answering"), "\(message)")
        #expect(message.contains("www.loghatnameh.de"))
    }

    @Test func refusedConnectionNamesTheAddress() async throws {
        let port = closedPort()
        var configuration = FetchConfiguration()
        configuration.connectTo = [ConnectTo(host: "www.loghatnameh.de", port: 80, targetHost: "127.0.0.1", targetPort: port)]
        let error = await fetchError(HTTPClient(configuration: configuration), "http://www.loghatnameh.de/")
        #expect(error?.kind == .couldNotConnect)
        #expect(error?.message == "connection refused by www.loghatnameh.de:80 (mapped to 127.0.0.1:\(port))")
    }

    @Test func unknownHostCannotBeResolved() async throws {
        var configuration = FetchConfiguration()
        configuration.limits.connectTimeout = .seconds(5)
        let error = await fetchError(HTTPClient(configuration: configuration), "http://no-such-host.invalid/")
        #expect(error?.kind == .couldNotResolve)
        #expect(error?.message.hasPrefix("could not resolve host no-such-host.invalid") == true, "\(String(describing: error))")
    }
}
