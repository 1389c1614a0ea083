import CCurl
import HTTPTypes
import Synchronization
import WebURL

/// What one hop produced when curl finished it without error.
struct HopResponse: Sendable {
    var status: Int
    /// All header fields of the final answer of this hop, wire headers included.
    var headers: HTTPFields
    var body: [UInt8]
    var httpVersion: String
}

/// Why the client itself stopped a transfer from one of curl's callbacks.
enum TransferAbort: Sendable, Equatable {
    case bodyTooLarge
    case headersTooLarge
}

/// One hop: the request as curl needs it, what arrives from the network, and
/// the continuation of the task waiting for it.
///
/// Thread-safety (hence `@unchecked Sendable`): the immutable setup is shared
/// freely; the mutable reception state is touched only on the engine's thread,
/// from curl's callbacks and after curl reports the transfer done. The
/// continuation is stored before the transfer is submitted (the engine's lock
/// orders that write before any read) and resumed exactly once, guarded by
/// `finished`. `cancelRequested` is the only flag written from other threads.
final class Transfer: @unchecked Sendable {
    let url: WebURL
    let method: String
    let headerLines: [String]
    let body: [UInt8]?
    let mapping: AppliedMapping?
    let addressPolicy: AddressPolicy
    let limits: FetchLimits
    let caCertificateFile: String?
    /// Hears of the body as it arrives (`CURLOPT_XFERINFOFUNCTION`), if set.
    let progress: TransferProgress?

    /// Set by task cancellation, from any thread; the engine aborts the transfer.
    let cancelRequested = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    private var continuation: CheckedContinuation<Result<HopResponse, FetchError>, Never>?

    // Reception state: engine thread only.
    var headerParser: ResponseHeaderParser
    var received: [UInt8] = []
    var abort: TransferAbort?
    /// The first address the policy refused, with the reason.
    var refusedAddress: (address: String, kind: String)?
    /// The last address curl tried to connect to ("127.0.0.1:8080", "[::1]:80").
    var lastAddress: String?
    let errorBuffer: UnsafeMutablePointer<CChar>
    var headerList: UnsafeMutablePointer<curl_slist>?
    var connectToList: UnsafeMutablePointer<curl_slist>?

    init(
        url: WebURL, method: String, headerLines: [String], body: [UInt8]?, mapping: AppliedMapping?,
        addressPolicy: AddressPolicy, limits: FetchLimits, caCertificateFile: String?, progress: TransferProgress? = nil
    ) {
        self.url = url
        self.method = method
        self.headerLines = headerLines
        self.body = body
        self.mapping = mapping
        self.addressPolicy = addressPolicy
        self.limits = limits
        self.caCertificateFile = caCertificateFile
        self.progress = progress
        self.headerParser = ResponseHeaderParser(limit: limits.maxHeaderBytes)
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        self.errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        // The engine resets the easy handle before it lets go of a transfer,
        // so curl no longer points into these.
        curl_slist_free_all(headerList)
        curl_slist_free_all(connectToList)
        errorBuffer.deallocate()
    }

    /// Must be called once, before the transfer is submitted.
    func setContinuation(_ continuation: CheckedContinuation<Result<HopResponse, FetchError>, Never>) {
        self.continuation = continuation
    }

    /// Resumes the waiting task; later calls do nothing.
    func finish(_ outcome: Result<HopResponse, FetchError>) {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let continuation = self.continuation
        self.continuation = nil
        continuation?.resume(returning: outcome)
    }

    func finishCancelled(_ message: String = "the request was cancelled") {
        finish(.failure(FetchError(.cancelled, url: url.serialization, message: message)))
    }

    // MARK: callbacks (engine thread)

    /// A piece of the decoded body. False stops the transfer.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard received.count + bytes.count <= limits.maxBodyBytes else {
            abort = .bodyTooLarge
            return false
        }
        if received.capacity == 0 { received.reserveCapacity(max(bytes.count, announcedBodyLength ?? min(Self.unannouncedBodyCapacity, limits.maxBodyBytes))) }
        received.append(contentsOf: bytes)
        return true
    }

    /// The room a body of unannounced length (chunked, or compressed)
    /// starts with: a dictionary page (about 60 KB) fits, so it is not grown
    /// and copied from its first piece up by doubling.
    static let unannouncedBodyCapacity = 64 << 10

    /// The body's length as the headers announce it, when that is the
    /// length curl hands over (no content coding) and within the limit:
    /// the body is then received into one allocation, not grown and copied.
    private var announcedBodyLength: Int? {
        let headers = headerParser.headers
        guard headers[.contentEncoding] == nil, let value = headers[.contentLength], let length = Int(value),
              length >= 0, length <= limits.maxBodyBytes else { return nil }
        return length
    }

    /// One header line. False stops the transfer.
    func receiveHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        guard headerParser.consume(line) else {
            abort = .headersTooLarge
            return false
        }
        return true
    }

    /// Whether curl may connect to `address` on `port`.
    func mayConnect(to address: IPAddress?, port: Int) -> Bool {
        let text = address.map { if case .v6 = $0 { "[\($0)]" } else { "\($0)" } } ?? "an address of an unknown family"
        lastAddress = "\(text):\(port)"
        guard addressPolicy.refusesPrivateAddresses, addressPolicy.trustedTarget != .anyAddress else { return true }
        guard let address else {
            refusedAddress = refusedAddress ?? (text, "not an IP address")
            return false
        }
        guard let kind = addressPolicy.refusal(of: address) else { return true }
        refusedAddress = refusedAddress ?? ("\(address)", kind)
        return false
    }
}
