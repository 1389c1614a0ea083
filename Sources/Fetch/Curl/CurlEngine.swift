#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurl
import Synchronization

/// Runs curl's multi interface on one dedicated thread, so that transfers
/// never block Swift's cooperative pool: tasks submit `Transfer`s and suspend;
/// the thread adds them to the multi handle, drives every transfer with
/// `curl_multi_perform`, sleeps in `curl_multi_poll`, and resumes each task's
/// continuation when curl reports its transfer done.
///
/// The multi handle keeps connections (and HTTP/2 sessions) alive across
/// transfers and caches DNS answers; finished easy handles are reset and
/// reused. At most `maxRunning` transfers are in the multi handle at once;
/// the rest wait in `pending`, in order.
///
/// Thread-safety: `shared` (the queue and the stop flag) is behind a mutex;
/// everything else is touched only on the engine's thread, but for
/// `curl_multi_wakeup`, which curl lets any thread call. The multi handle
/// lives as long as the engine (it is cleaned up in `deinit`), so a wakeup
/// needs no lock to know it is still there.
final class CurlEngine: @unchecked Sendable {
    private struct Shared {
        var pending = TransferQueue()
        var stopping = false
    }

    /// The longest sleep while transfers run (see `run`).
    static let busyPollMilliseconds: Int32 = 100

    private let shared = Mutex(Shared())
    private let multi: UnsafeMutableRawPointer
    private let maxRunning: Int
    // Engine thread only.
    private var running: [UnsafeMutableRawPointer: Transfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []

    init(maxRunning: Int) {
        CurlGlobal.initialize()
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed (out of memory)") }
        self.multi = multi
        self.maxRunning = max(1, maxRunning)
        // Keep enough idle connections for every running transfer and then some.
        _ = limot_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(32, 4 * self.maxRunning))
        _ = limot_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        startThread()
    }

    deinit {
        // The engine's thread holds the engine until it has torn down, so
        // no transfer is in the handle any more.
        curl_multi_cleanup(multi)
    }

    /// Queues `transfer`; it starts when a slot is free.
    ///
    /// The engine is woken after the lock is let go: woken under it, the
    /// engine's thread ran straight into the lock the submitting thread
    /// still held for the wakeup's write (futex waits on both sides under
    /// load).
    func submit(_ transfer: Transfer) {
        let accepted = shared.withLock { shared in
            guard !shared.stopping else { return false }
            shared.pending.append(transfer)
            return true
        }
        guard accepted else {
            transfer.finishCancelled("the HTTP client was shut down")
            return
        }
        _ = curl_multi_wakeup(multi)
    }

    /// Stops `transfer` (task cancellation): at once if it is still queued,
    /// else on the engine's thread, which notices `cancelRequested`.
    func cancel(_ transfer: Transfer) {
        transfer.cancelRequested.store(true, ordering: .releasing)
        if shared.withLock({ $0.pending.remove(transfer) }) {
            transfer.finishCancelled()
        } else {
            _ = curl_multi_wakeup(multi)
        }
    }

    /// Fails queued and running transfers with `.cancelled` and ends the thread.
    func shutdown() {
        shared.withLock { $0.stopping = true }
        _ = curl_multi_wakeup(multi)
    }

    // MARK: the engine thread

    private func startThread() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            let engine = Unmanaged<CurlEngine>.fromOpaque(context!).takeRetainedValue()
            engine.run()
            return nil
        }, context)
        guard result == 0 else { fatalError("could not start the HTTP client's thread: \(String(cString: strerror(result)))") }
        pthread_detach(thread)
    }

    private func run() {
        // Writes to a closed connection must fail with EPIPE, not kill the process.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        while true {
            let free = maxRunning - running.count
            let (starting, stop) = shared.withLock { shared in
                (shared.stopping ? [] : shared.pending.popFirst(free), shared.stopping)
            }
            if stop { break }
            for transfer in starting { start(transfer) }
            abortCancelled()
            var stillRunning: Int32 = 0
            _ = curl_multi_perform(multi, &stillRunning)
            let freed = collectFinished()
            if freed > 0 { continue }  // queued transfers may start now
            // Returns on network activity, on curl's own timers or on
            // curl_multi_wakeup. While transfers run, at least every
            // `busyPollMilliseconds`: curl 7.88 can leave transfers waiting
            // without a timer after an HTTP/2 GOAWAY (servers send one every
            // 1000 requests) until the next curl_multi_perform.
            _ = curl_multi_poll(multi, nil, 0, running.isEmpty ? 10_000 : Self.busyPollMilliseconds, nil)
        }
        tearDown()
    }

    private func start(_ transfer: Transfer) {
        if transfer.cancelRequested.load(ordering: .acquiring) {
            transfer.finishCancelled()
            return
        }
        guard let handle = idleHandles.popLast() ?? curl_easy_init() else {
            transfer.finish(.failure(FetchError(.other, url: transfer.url.serialization, message: "curl_easy_init failed (out of memory)")))
            return
        }
        do throws(FetchError) {
            try transfer.configure(handle)
        } catch {
            recycle(handle)
            transfer.finish(.failure(error))
            return
        }
        let added = curl_multi_add_handle(multi, handle)
        guard added == CURLM_OK else {
            recycle(handle)
            let reason = String(cString: curl_multi_strerror(added))
            transfer.finish(.failure(FetchError(.other, url: transfer.url.serialization, message: "could not start the transfer: \(reason)")))
            return
        }
        running[handle] = transfer
    }

    private func abortCancelled() {
        for (handle, transfer) in running where transfer.cancelRequested.load(ordering: .acquiring) {
            _ = curl_multi_remove_handle(multi, handle)
            running[handle] = nil
            recycle(handle)
            transfer.finishCancelled()
        }
    }

    /// Finishes the transfers curl reports done; returns how many.
    private func collectFinished() -> Int {
        var count = 0
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = limot_curl_msg_result(message)
            _ = curl_multi_remove_handle(multi, handle)
            guard let transfer = running.removeValue(forKey: handle) else { continue }
            let outcome = transfer.outcome(code: code, handle: handle)
            recycle(handle)
            transfer.finish(outcome)
            count += 1
        }
        return count
    }

    /// Keeps a finished handle for the next transfer (its options cleared).
    private func recycle(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        if idleHandles.count < maxRunning {
            idleHandles.append(handle)
        } else {
            curl_easy_cleanup(handle)
        }
    }

    private func tearDown() {
        let queued = shared.withLock { $0.pending.popFirst(Int.max) }
        for (handle, transfer) in running {
            _ = curl_multi_remove_handle(multi, handle)
            curl_easy_reset(handle)
            curl_easy_cleanup(handle)
            transfer.finishCancelled("the HTTP client was shut down")
        }
        running = [:]
        for transfer in queued { transfer.finishCancelled("the HTTP client was shut down") }
        for handle in idleHandles { curl_easy_cleanup(handle) }
        idleHandles = []
    }
}

/// curl_global_init, once per process, before the first handle.
enum CurlGlobal {
    private static let code: CURLcode = curl_global_init(Int(CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32))
    static func initialize() {
        precondition(code == CURLE_OK, "curl_global_init failed: \(String(cString: curl_easy_strerror(code)))")
    }
}
