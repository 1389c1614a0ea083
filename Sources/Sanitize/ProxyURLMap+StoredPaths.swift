import WebURL
import ContentRules

/// An attribute's proxy path written as bytes into a page's `StoredValues`
/// (see there), from a `WebURL` or from a canonical URL read in place.
extension ProxyURLMap {
    /// `subresourcePath(for:type:)`, then `#` and `fragment` when given (a
    /// fragment's bytes as a URL's serialisation holds them), written into
    /// room in `values` and not committed (see `StoredValues.room(for:)`);
    /// nil where `subresourcePath(for:type:)` is. For an attribute's proxy
    /// path, kept as bytes rather than as a String made for it (see
    /// `StoredValues`). A URL with a port or a host to percent-encode is
    /// made a String the way `subresourcePath(for:type:)` makes it, then copied.
    func writeSubresourcePath(for url: WebURL, type: ResourceTypes, fragment: UnsafeBufferPointer<UInt8>?,
                              into values: StoredValues) -> UnsafeMutableBufferPointer<UInt8>? {
        guard url.isHTTP || url.isHTTPS, !url.hasCredentials else { return nil }
        if url.port == nil {
            var serialization = url.serialization
            let written = serialization.withUTF8 { bytes in
                Self.writePlainHostPath(bytes, host: url.hostnameRange, pathAndQuery: url.pathAndQueryRange, isHTTPS: url.isHTTPS,
                                        hostIsCanonical: false, type: type, fragment: fragment, into: values)
            }
            if let written { return written }
        }
        guard var made = subresourcePath(for: url, type: type) else { return nil }
        let fragmentCount = fragment.map { $0.count + 1 } ?? 0
        let path = made.withUTF8 { bytes in
            let out = values.room(for: bytes.count + fragmentCount)
            var cursor = out
            if let start = bytes.baseAddress { Self.copy(start, bytes.count, to: &cursor) }
            return UnsafeMutableBufferPointer(start: out, count: bytes.count)
        }
        return Self.appending(fragment, to: path)
    }

    /// `writeSubresourcePath(for:type:fragment:into:)` of a URL without a
    /// port whose serialisation is `bytes`, for a single type with a name
    /// and a host `plainHostPathCount` takes; nil (nothing written) for any
    /// other, which the caller makes the String way. `hostIsCanonical`: the
    /// host is known to hold no byte `pathSegment(ofHost:)` encodes.
    @inline(__always)
    static func writePlainHostPath(_ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>, pathAndQuery: Range<Int>, isHTTPS: Bool,
                                   hostIsCanonical: Bool, type: ResourceTypes, fragment: UnsafeBufferPointer<UInt8>?,
                                   into values: StoredValues) -> UnsafeMutableBufferPointer<UInt8>? {
        let fragmentCount = fragment.map { $0.count + 1 } ?? 0
        let written = Self.withSingleTypeName(type) { name -> UnsafeMutableBufferPointer<UInt8>? in
            guard let count = Self.plainHostPathCount(bytes, host: host, pathAndQuery: pathAndQuery, isHTTPS: isHTTPS,
                                                      hostIsCanonical: hostIsCanonical, name: name)
            else { return nil }
            let out = values.room(for: count + fragmentCount)
            Self.writePlainHostPath(bytes, host: host, pathAndQuery: pathAndQuery, isHTTPS: isHTTPS, name: name, to: out)
            return UnsafeMutableBufferPointer(start: out, count: count)
        }
        return written.map { appending(fragment, to: $0) }
    }

    /// `path`, written in room with space for `#` and `fragment` after it,
    /// with them written there when given.
    @inline(__always)
    private static func appending(_ fragment: UnsafeBufferPointer<UInt8>?, to path: UnsafeMutableBufferPointer<UInt8>) -> UnsafeMutableBufferPointer<UInt8> {
        guard let fragment else { return path }
        var cursor = path.baseAddress! + path.count
        cursor.initialize(to: UInt8(ascii: "#"))
        cursor += 1
        if let start = fragment.baseAddress { Self.copy(start, fragment.count, to: &cursor) }
        return UnsafeMutableBufferPointer(start: path.baseAddress!, count: path.count + fragment.count + 1)
    }

    /// `writeSubresourcePath(for:type:fragment:into:)` of the URL `url`
    /// reads in place (canonical: http(s), no credentials, no port), from
    /// its bytes: its `WebURL` is made only for a path the String way makes.
    /// A canonical host holds only lower-case letters, digits, `-`, `.` and
    /// `_`, none of the bytes a path encodes, and is not scanned for them.
    func writeSubresourcePath(canonical url: CanonicalHTTPBytes, type: ResourceTypes, fragment: UnsafeBufferPointer<UInt8>?,
                              into values: StoredValues) -> UnsafeMutableBufferPointer<UInt8>? {
        if let written = Self.writePlainHostPath(url.bytes, host: url.hostnameRange, pathAndQuery: url.pathAndQueryRange,
                                                 isHTTPS: url.isHTTPS, hostIsCanonical: true, type: type, fragment: fragment, into: values) {
            return written
        }
        return writeSubresourcePath(for: url.makeWebURL(), type: type, fragment: fragment, into: values)
    }
}
