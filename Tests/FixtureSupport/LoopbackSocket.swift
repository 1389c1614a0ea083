#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP connection to a loopback port with one deadline for
/// everything done on it, so that a test talking to a hung server fails
/// instead of hanging the test run.
final class LoopbackSocket {
    private var descriptor: Int32
    private let deadline: ContinuousClock.Instant
    private var buffer: [UInt8] = []
    private var start = 0

    /// Connects to `address` (an IPv4 or IPv6 literal) on `port`.
    init(address: String, port: Int, timeout: Duration) throws(RawHTTPError) {
        deadline = .now + timeout
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        if address.contains(":") {
            family = AF_INET6
            var ipv6 = sockaddr_in6()
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = UInt16(port).bigEndian
            guard inet_pton(AF_INET6, address, &ipv6.sin6_addr) == 1 else { throw RawHTTPError("not an IP address: \(address)") }
            withUnsafeBytes(of: ipv6) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            family = AF_INET
            var ipv4 = sockaddr_in()
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = UInt16(port).bigEndian
            guard inet_pton(AF_INET, address, &ipv4.sin_addr) == 1 else { throw RawHTTPError("not an IP address: \(address)") }
            withUnsafeBytes(of: ipv4) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RawHTTPError("socket() failed: \(String(cString: strerror(errno)))") }
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close()
            throw RawHTTPError("could not connect to \(address):\(port): \(reason)")
        }
    }

    deinit { close() }

    func close() {
        if descriptor >= 0 {
            _ = Glibc.close(descriptor)
            descriptor = -1
        }
    }

    /// Sends all of `bytes` (without SIGPIPE when the peer has gone).
    func write(_ bytes: [UInt8]) throws(RawHTTPError) {
        var offset = 0
        while offset < bytes.count {
            try wait(for: Int16(POLLOUT))
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else {
                if sent < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                throw RawHTTPError("could not send: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }

    /// Half-closes the connection: the peer sees the end of the request stream.
    func shutdownWrite() {
        if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_WR)) }
    }

    /// One line without its CRLF (or LF); nil at the end of the stream.
    func readLine(limit: Int = 1 << 20) throws(RawHTTPError) -> [UInt8]? {
        // Counted from `start`, which `fill` may move when it compacts the buffer.
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                var line = Array(buffer[start..<newline])
                if line.last == 0x0D { line.removeLast() }
                start = newline + 1
                return line
            }
            scanned = buffer.count - start
            guard buffer.count - start <= limit else { throw RawHTTPError("line longer than \(limit) bytes") }
            guard try fill() else {
                if start == buffer.count { return nil }
                throw RawHTTPError("connection closed in the middle of a line")
            }
        }
    }

    /// Exactly `count` bytes.
    func read(count: Int) throws(RawHTTPError) -> [UInt8] {
        while buffer.count - start < count {
            guard try fill() else {
                throw RawHTTPError("connection closed after \(buffer.count - start) of \(count) bytes")
            }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        return bytes
    }

    /// Everything until the peer closes the connection.
    func readToEnd() throws(RawHTTPError) -> [UInt8] {
        while try fill() {}
        let bytes = Array(buffer[start...])
        start = buffer.count
        return bytes
    }

    /// Reads more into the buffer; false at the end of the stream (or a reset).
    private func fill() throws(RawHTTPError) -> Bool {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        try wait(for: Int16(POLLIN))
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return true }
            if errno == ECONNRESET { return false }
            throw RawHTTPError("could not receive: \(String(cString: strerror(errno)))")
        }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func wait(for events: Int16) throws(RawHTTPError) {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw RawHTTPError("timed out") }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let result = poll(&entry, 1, milliseconds)
            if result > 0 { return }
            if result < 0 && errno != EINTR { throw RawHTTPError("poll failed: \(String(cString: strerror(errno)))") }
        }
    }
}

/// A port on 127.0.0.1 where nothing listens (bound, then released).
public func closedPort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}
