import Foundation
import NIOCore
import NIOPosix
@testable import Proxy
import Testing

/// A connection's task runs on its event loop (`EventLoopTaskExecutor`),
/// also after it waited for work finished on another thread, as a page's
/// fetch is finished on the HTTP client's thread: that is what saves the
/// two thread crossings a request.
@Suite struct EventLoopTaskExecutorTests {
    @Test func aTaskPreferringTheLoopRunsOnItBeforeAndAfterWaiting() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let (atStart, afterSleep, afterForeignResume) = await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            let atStart = loop.inEventLoop
            try? await Task.sleep(for: .milliseconds(5))
            let afterSleep = loop.inEventLoop
            // Resumed from a thread of its own, as curl's thread resumes a fetch.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread { continuation.resume() }
            }
            return (atStart, afterSleep, loop.inEventLoop)
        }
        #expect(atStart && afterSleep && afterForeignResume)
        try await group.shutdownGracefully()
    }
}
