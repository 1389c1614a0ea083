#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurl
import WebURL

// curl's C callbacks. Each receives the `Transfer` as an unretained pointer:
// the engine holds the transfer strongly while its handle is in the multi
// handle, and callbacks run only then, on the engine's thread.

/// CURLOPT_WRITEFUNCTION: decoded body bytes. Returning less than given
/// makes curl stop with CURLE_WRITE_ERROR (a limit was hit).
let curlWriteCallback: curl_write_callback = { data, size, count, context in
    let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_HEADERFUNCTION: one complete header line at a time.
let curlHeaderCallback: curl_write_callback = { data, size, count, context in
    let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_XFERINFOFUNCTION (set only when the request asked for progress):
/// bytes received so far and the announced total (0: not announced).
/// Returns 0, so curl goes on; the limits are enforced by the write callback.
let curlTransferInfoCallback: curl_xferinfo_callback = { context, downloadTotal, downloadNow, _, _ in
    let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    transfer.progress?(Int64(downloadNow), downloadTotal > 0 ? Int64(downloadTotal) : nil)
    return 0
}

/// CURLOPT_OPENSOCKETFUNCTION: called with the resolved address before every
/// connection attempt. Refusing here (CURL_SOCKET_BAD) is what makes the
/// address policy hold after DNS resolution, for every address curl tries.
let curlOpenSocketCallback: curl_opensocket_callback = { context, _, address in
    let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    guard let address else { return CURL_SOCKET_BAD }
    let family = limot_curl_sockaddr_family(address)
    let ip: IPAddress? =
        switch family {
        case AF_INET: .v4(limot_curl_sockaddr_ipv4(address))
        case AF_INET6: .v6((0..<8).map { limot_curl_sockaddr_ipv6_piece(address, Int32($0)) })
        default: nil
        }
    guard transfer.mayConnect(to: ip, port: Int(limot_curl_sockaddr_port(address))) else { return CURL_SOCKET_BAD }
    // As curl's own, plus close-on-exec so that child processes never inherit it.
    return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
}
