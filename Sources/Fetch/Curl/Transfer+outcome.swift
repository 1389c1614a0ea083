import CCurl

extension Transfer {
    /// The hop's result once curl reports it done with `code`; reads what
    /// it needs from `handle` before the handle is reset.
    func outcome(code: CURLcode, handle: UnsafeMutableRawPointer) -> Result<HopResponse, FetchError> {
        if code == CURLE_OK {
            var status = 0
            _ = limot_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            var version = 0
            _ = limot_curl_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
            let response = HopResponse(
                status: status, headers: headerParser.headers, body: received,
                httpVersion: Self.versionText(version))
            received = []
            return .success(response)
        }
        var osErrno = 0
        _ = limot_curl_getinfo_long(handle, CURLINFO_OS_ERRNO, &osErrno)
        var pretransfer: curl_off_t = 0
        _ = limot_curl_getinfo_off_t(handle, CURLINFO_PRETRANSFER_TIME_T, &pretransfer)
        let failure = CurlFailure(
            code: code,
            errorText: String(cString: errorBuffer),
            abort: abort,
            refusedAddress: refusedAddress,
            osErrno: Int32(truncatingIfNeeded: osErrno),
            lastAddress: lastAddress,
            host: url.hostname,
            port: url.effectivePort ?? 0,
            mappedTo: mapping?.target,
            connected: pretransfer > 0 || headerParser.byteCount > 0,
            contentEncoding: headerParser.headers[values: .contentEncoding].first,
            caCertificateFile: caCertificateFile,
            limits: limits)
        return .failure(failure.error(url: url.serialization))
    }

    static func versionText(_ version: Int) -> String {
        switch version {
        case Int(CURL_HTTP_VERSION_1_0): "1.0"
        case Int(CURL_HTTP_VERSION_2_0): "2"
        case Int(CURL_HTTP_VERSION_3): "3"
        default: "1.1"
        }
    }
}
