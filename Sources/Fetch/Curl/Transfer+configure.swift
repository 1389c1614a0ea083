import CCurl

extension Transfer {
    /// Sets every option of `handle` (freshly reset) for this hop.
    ///
    /// The options that make the client safe are set on every hop, never
    /// inherited: TLS verification, http/https only, no redirects followed by
    /// curl, no proxy from the environment (it would bypass the address
    /// policy), the callbacks that enforce the limits.
    func configure(_ handle: UnsafeMutableRawPointer) throws(FetchError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        func set(_ option: CURLoption, _ value: Int, _ name: String) throws(FetchError) {
            try check(limot_curl_setopt_long(handle, option, value), name)
        }
        func set(_ option: CURLoption, _ value: String, _ name: String) throws(FetchError) {
            try check(limot_curl_setopt_string(handle, option, value), name)
        }
        try set(CURLOPT_URL, url.removingFragment.serialization, "URL")
        try check(limot_curl_setopt_pointer(handle, CURLOPT_PRIVATE, context), "PRIVATE")
        try check(limot_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        try set(CURLOPT_NOSIGNAL, 1, "NOSIGNAL")
        try set(CURLOPT_PROXY, "", "PROXY")
        try set(CURLOPT_PROTOCOLS_STR, "http,https", "PROTOCOLS_STR")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https", "REDIR_PROTOCOLS_STR")
        try set(CURLOPT_FOLLOWLOCATION, 0, "FOLLOWLOCATION")
        try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS), "HTTP_VERSION")
        try set(CURLOPT_PIPEWAIT, 1, "PIPEWAIT")
        try set(CURLOPT_ACCEPT_ENCODING, "", "ACCEPT_ENCODING")
        try set(CURLOPT_SSL_VERIFYPEER, 1, "SSL_VERIFYPEER")
        try set(CURLOPT_SSL_VERIFYHOST, 2, "SSL_VERIFYHOST")
        if let caCertificateFile {
            try set(CURLOPT_CAINFO, caCertificateFile, "CAINFO")
        }
        try set(CURLOPT_CONNECTTIMEOUT_MS, limits.connectTimeout.curlMilliseconds, "CONNECTTIMEOUT_MS")
        try set(CURLOPT_TIMEOUT_MS, limits.totalTimeout.curlMilliseconds, "TIMEOUT_MS")
        if method != "HEAD" {
            // A wire cap: stops at once when Content-Length announces too much.
            try check(limot_curl_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBodyBytes)), "MAXFILESIZE_LARGE")
        }
        try check(limot_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback), "WRITEFUNCTION")
        try check(limot_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context), "WRITEDATA")
        try check(limot_curl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback), "HEADERFUNCTION")
        try check(limot_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context), "HEADERDATA")
        try check(limot_curl_setopt_opensocket_callback(handle, curlOpenSocketCallback), "OPENSOCKETFUNCTION")
        try check(limot_curl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, context), "OPENSOCKETDATA")
        if progress != nil {
            try set(CURLOPT_NOPROGRESS, 0, "NOPROGRESS")
            try check(limot_curl_setopt_xferinfo_callback(handle, curlTransferInfoCallback), "XFERINFOFUNCTION")
            try check(limot_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context), "XFERINFODATA")
        }

        if let mapping {
            connectToList = curl_slist_append(nil, mapping.curlLine)
            try check(limot_curl_setopt_slist(handle, CURLOPT_CONNECT_TO, connectToList), "CONNECT_TO")
        }
        for line in headerLines {
            guard let list = curl_slist_append(headerList, line) else {
                throw FetchError(.other, url: url.serialization, message: "out of memory while setting up the request")
            }
            headerList = list
        }
        try check(limot_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList), "HTTPHEADER")
        try configureMethod(handle)
    }

    /// GET and HEAD as curl's own; others with a body (POST, PUT, …) send it
    /// as POSTFIELDS under their own name.
    private func configureMethod(_ handle: UnsafeMutableRawPointer) throws(FetchError) {
        switch method {
        case "GET":
            try check(limot_curl_setopt_long(handle, CURLOPT_HTTPGET, 1), "HTTPGET")
        case "HEAD":
            try check(limot_curl_setopt_long(handle, CURLOPT_NOBODY, 1), "NOBODY")
        default:
            if body != nil || method == "POST" {
                let body = self.body ?? []
                try check(limot_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)), "POSTFIELDSIZE_LARGE")
                // COPYPOSTFIELDS copies at once, so the bytes need not outlive this call.
                let code = body.withUnsafeBytes { bytes in
                    limot_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)))
                }
                try check(code, "COPYPOSTFIELDS")
            }
            if method != "POST" {
                try check(limot_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method), "CUSTOMREQUEST")
            }
        }
    }

    private func check(_ code: CURLcode, _ option: String) throws(FetchError) {
        guard code != CURLE_OK else { return }
        let reason = String(cString: curl_easy_strerror(code))
        throw FetchError(.other, url: url.serialization, message: "could not set up the transfer (CURLOPT_\(option): \(reason))")
    }
}

extension Duration {
    /// Whole milliseconds for curl's *_MS options, at least 1 (0 means "no limit" to curl).
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int.max }
        return max(1, Int(milliseconds.partialValue + attoseconds / 1_000_000_000_000_000))
    }
}
