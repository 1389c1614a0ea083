import Fetch
import FixtureSupport
import Testing

/// Transfers run on the client's own thread: many at once never block
/// Swift's cooperative pool, the concurrency limit queues the rest, and
/// cancelling a task stops its transfer.
@Suite struct ConcurrencyTests {
    @Test func fiftyConcurrentFetchesComplete() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.maxConcurrentTransfers = 50 }
        let start = ContinuousClock.now
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/slow?seconds=2&n=\(index)"))).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 50))
        // One after another would take 100 s, two at a time (a blocked pool on two cores) 50 s.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func concurrencyLimitQueuesTheRest() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.maxConcurrentTransfers = 2 }
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask {
                    _ = try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/slow?seconds=0.5&q=\(index)")))
                }
            }
            try await group.waitForAll()
        }
        // Six half-second answers, two at a time: at least three rounds.
        #expect(ContinuousClock.now - start >= .milliseconds(1500))
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.limits.totalTimeout = .seconds(120) }
        let start = ContinuousClock.now
        let task = Task { () async throws(FetchError) -> FetchResponse in
            try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/stall")))
        }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("expected cancellation, got \(result)")
            return
        }
        #expect((error as? FetchError)?.kind == .cancelled, "\(error)")
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func cancellingAQueuedFetchLeavesTheRunningOneAlone() async throws {
        let client = mappedClient(try SharedFixture.get()) { $0.maxConcurrentTransfers = 1 }
        let running = Task { () async throws(FetchError) -> FetchResponse in
            try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/slow?seconds=3")))
        }
        try await Task.sleep(for: .milliseconds(300))
        let queued = Task { () async throws(FetchError) -> FetchResponse in
            try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/echo")))
        }
        try await Task.sleep(for: .milliseconds(300))
        queued.cancel()
        if case .failure(let error) = await queued.result {
            #expect((error as? FetchError)?.kind == .cancelled, "\(error)")
        } else {
            Issue.record("the queued fetch was not cancelled")
        }
        #expect(try await running.value.status == 200)
    }

    @Test func alreadyCancelledTaskDoesNotFetch() async throws {
        let client = mappedClient(try SharedFixture.get())
        let task = Task { () async throws(FetchError) -> FetchResponse in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.fetch(FetchRequest(url: url("http://www.loghatnameh.de/_fixture/echo")))
        }
        if case .failure(let error) = await task.result {
            #expect((error as? FetchError)?.kind == .cancelled, "\(error)")
        } else {
            Issue.record("a cancelled task fetched")
        }
    }

    @Test func shutdownFailsLaterFetches() async throws {
        let client = mappedClient(try SharedFixture.get())
        client.shutdown()
        let error = await fetchError(client, "http://www.loghatnameh.de/_fixture/echo")
        #expect(error?.kind == .cancelled)
    }
}
