#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurl

/// Everything known about a failed hop, turned into a `FetchError` whose
/// message a user can act on ("connection refused by 127.0.0.1:9") instead of
/// curl's wording ("Failed to connect to … after 0 ms: Couldn't connect to server").
///
/// A plain value so that the mapping is tested without a network.
struct CurlFailure: Sendable {
    var code: CURLcode
    /// curl's CURLOPT_ERRORBUFFER text ("" when curl wrote none).
    var errorText: String
    /// The client's own reason for stopping, if a callback stopped curl.
    var abort: TransferAbort?
    /// An address the policy refused, with the reason.
    var refusedAddress: (address: String, kind: String)?
    /// errno of the last socket operation (CURLINFO_OS_ERRNO).
    var osErrno: Int32
    /// The last address curl tried, "127.0.0.1:8080".
    var lastAddress: String?
    var host: String
    var port: Int
    /// The connect-to target, when the URL was mapped.
    var mappedTo: String?
    /// Whether a connection was established (TLS included) before it failed.
    var connected: Bool
    var contentEncoding: String?
    var caCertificateFile: String?
    var limits: FetchLimits

    func error(url: String) -> FetchError {
        let (kind, message) = kindAndMessage()
        return FetchError(kind, url: url, message: message)
    }

    /// "www.loghatnameh.de:443 (mapped to 127.0.0.1:8443)" or "127.0.0.1:9".
    private var peer: String {
        let target = mappedTo ?? lastAddress
        let name = "\(host):\(port)"
        guard let target, target != name else { return name }
        return mappedTo != nil ? "\(name) (mapped to \(target))" : target
    }

    private var detail: String { errorText.isEmpty ? String(cString: curl_easy_strerror(code)) : errorText }

    private func kindAndMessage() -> (FetchError.Kind, String) {
        switch abort {
        case .bodyTooLarge: return (.bodyTooLarge, "response body larger than \(ByteCount.text(limits.maxBodyBytes))")
        case .headersTooLarge: return (.headersTooLarge, "response headers larger than \(ByteCount.text(limits.maxHeaderBytes))")
        case nil: break
        }
        if let refused = refusedAddress, !connected {
            let what = refused.address == host || "[\(refused.address)]" == host ? refused.address : "\(host) (\(refused.address))"
            return (.refusedAddress, "refused to connect to \(what): \(refused.kind); pages may only reach public addresses")
        }
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL:
            return (.unsupportedScheme, "only http and https URLs are fetched (\(detail))")
        case CURLE_URL_MALFORMAT:
            return (.invalidURL, "curl could not use this URL: \(detail)")
        case CURLE_COULDNT_RESOLVE_HOST:
            return (.couldNotResolve, "could not resolve host \(host)")
        case CURLE_COULDNT_CONNECT:
            return (.couldNotConnect, connectMessage())
        case CURLE_OPERATION_TIMEDOUT:
            return timeoutKindAndMessage()
        case CURLE_FILESIZE_EXCEEDED:
            return (.bodyTooLarge, "response body larger than \(ByteCount.text(limits.maxBodyBytes))")
        case CURLE_PEER_FAILED_VERIFICATION:
            return (.tls, certificateMessage())
        case CURLE_SSL_CACERT_BADFILE:
            if let caCertificateFile { return (.tls, "could not load the CA certificates from \(caCertificateFile)") }
            return (.tls, "could not load the system's CA certificates: \(detail)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            return (.tls, "TLS handshake with \(peer) failed: \(detail)")
        case CURLE_BAD_CONTENT_ENCODING:
            return (.badContentEncoding, encodingMessage())
        case CURLE_GOT_NOTHING:
            return (.protocolError, "\(peer) closed the connection without answering")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            if osErrno == ECONNRESET { return (.protocolError, "connection reset by \(peer)") }
            return (.protocolError, "the connection to \(peer) broke: \(detail)")
        case CURLE_PARTIAL_FILE:
            return (.protocolError, "\(peer) closed the connection before the whole body arrived (\(detail))")
        case CURLE_WEIRD_SERVER_REPLY:
            return (.protocolError, "\(peer) did not answer in HTTP: \(detail)")
        case CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
            return (.protocolError, "HTTP/2 error with \(peer): \(detail)")
        case CURLE_ABORTED_BY_CALLBACK:
            return (.cancelled, "the request was cancelled")
        case CURLE_OUT_OF_MEMORY where errorText.lowercased().contains("header"):
            return (.headersTooLarge, "response headers too large: \(detail)")
        default:
            return (.other, detail)
        }
    }

    private func connectMessage() -> String {
        switch osErrno {
        case ECONNREFUSED: return "connection refused by \(peer)"
        case ENETUNREACH: return "network unreachable for \(peer)"
        case EHOSTUNREACH: return "host unreachable: \(peer)"
        default: return "could not connect to \(peer): \(detail)"
        }
    }

    private func timeoutKindAndMessage() -> (FetchError.Kind, String) {
        if errorText.hasPrefix("Resolving timed out") {
            return (.couldNotResolve, "could not resolve host \(host) within \(DurationText.text(min(limits.connectTimeout, limits.totalTimeout)))")
        }
        if !connected {
            let limit = min(limits.connectTimeout, limits.totalTimeout)
            return (.connectTimedOut, "could not connect to \(peer) within \(DurationText.text(limit))")
        }
        return (.timedOut, "timed out after \(DurationText.text(limits.totalTimeout)) waiting for \(peer)")
    }

    private func certificateMessage() -> String {
        let text = errorText
        if text.contains("subject name") || text.contains("does not match") {
            return "the certificate of \(host) is for another name (\(text))"
        }
        let prefix = "SSL certificate problem: "
        let reason = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : detail
        return "certificate not trusted: \(reason) (for \(host))"
    }

    private func encodingMessage() -> String {
        let encoding = contentEncoding?.lowercased() ?? "compressed"
        if errorText.contains("Unrecognized content encoding") {
            return "unsupported content encoding '\(encoding)'"
        }
        let prefix = "Error while processing content unencoding: "
        let reason = errorText.hasPrefix(prefix) ? String(errorText.dropFirst(prefix.count)) : detail
        return "broken \(encoding) data: \(reason)"
    }
}

/// Sizes as limits are written: "16 MiB", "64 KiB", "1000 bytes".
enum ByteCount {
    static func text(_ count: Int) -> String {
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}

/// Durations as limits are written: "30 s", "0.5 s", "250 ms".
enum DurationText {
    static func text(_ duration: Duration) -> String {
        let milliseconds = duration.curlMilliseconds
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
