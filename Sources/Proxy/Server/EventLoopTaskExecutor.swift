import NIOCore

/// Runs a connection's task on the event loop that reads and writes its
/// socket, instead of Swift's cooperative pool.
///
/// On the pool every request crossed threads four times: the event loop
/// woke a pool thread with the request, the pool woke the HTTP client's
/// thread, that thread woke the pool with the answer, and the pool woke the
/// event loop with the response. On the loop, the request's head resumes the
/// task where it arrived and the response is written where it is made: two
/// crossings (to the HTTP client's thread and back) instead of four.
/// Sanitizing a page then runs on its connection's loop, which the pool's
/// threads did before (one per core either way).
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
