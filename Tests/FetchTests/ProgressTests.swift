import Fetch
import FixtureSupport
import Synchronization
import Testing

/// The progress callback hears of a body as it arrives, with the length the
/// server announced (a progress bar for large downloads), and only when asked.
@Suite struct ProgressTests {
    @Test func progressReportsTheBodyAsItArrives() async throws {
        let client = mappedClient(try SharedFixture.get()) { _ in }
        let reports = Mutex<[(received: Int64, expected: Int64?)]>([])
        let response = try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/big?mb=2")), progress: { received, expected in
            reports.withLock { $0.append((received, expected)) }
        })
        let seen = reports.withLock { $0 }
        #expect(response.body.count == 2 << 20)
        #expect(seen.last?.received == 2 << 20, "the last report counts the whole body")
        #expect(seen.contains { $0.expected == 2 << 20 }, "the announced Content-Length is passed on")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.received <= $1.received }, "bytes received only grow")
    }

    @Test func chunkedBodyHasNoExpectedLength() async throws {
        let client = mappedClient(try SharedFixture.get()) { _ in }
        let reports = Mutex<[(received: Int64, expected: Int64?)]>([])
        _ = try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/big?mb=1&chunked=1")), progress: { received, expected in
            reports.withLock { $0.append((received, expected)) }
        })
        let seen = reports.withLock { $0 }
        #expect(seen.last?.received == 1 << 20)
        #expect(seen.allSatisfy { $0.expected == nil })
    }
}
