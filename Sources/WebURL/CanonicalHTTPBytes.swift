/// A canonical http(s) URL read in place: the bytes `WebURL(canonicalHTTP:)`
/// would make its serialisation of, and their layout, without the String.
///
/// A page's first-seen subresource was made a `WebURL` to be decided and
/// routed, and every step after the scan read only its bytes and offsets:
/// the String was allocated, filled, hashed by nobody and freed, about 600
/// instructions a first-seen image (p58k-images, callgrind). A caller that
/// needs no `WebURL` reads the URL from here; `makeWebURL()` makes the one
/// `WebURL(canonicalHTTP:)` makes, where one is needed after all.
///
/// The bytes are borrowed: valid while the memory they were read from (the
/// caller's reference, or the room it lent for a joined one) is.
public struct CanonicalHTTPBytes {
    /// The serialisation's bytes.
    public let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline let layout: URLLayout

    init(bytes: UnsafeBufferPointer<UInt8>, layout: URLLayout) {
        self.bytes = bytes
        self.layout = layout
    }

    /// `WebURL.isHTTPS` of the URL (else it is an http URL).
    @inlinable public var isHTTPS: Bool { layout.kind == .https }

    /// `WebURL.hostnameRange` of the URL: where its host sits in `bytes`.
    @inlinable public var hostnameRange: Range<Int> { Int(layout.hostStart)..<Int(layout.hostEnd) }

    /// `WebURL.pathAndQueryRange` of the URL.
    @inlinable public var pathAndQueryRange: Range<Int> {
        guard layout.queryStart >= 0 else { return Int(layout.pathStart)..<Int(layout.pathEnd) }
        return Int(layout.pathStart)..<(layout.fragmentStart >= 0 ? Int(layout.fragmentStart) - 1 : bytes.count)
    }

    /// `WebURL.fragmentRange` of the URL: its fragment, after the `#`.
    @inlinable public var fragmentRange: Range<Int>? {
        layout.fragmentStart >= 0 ? Int(layout.fragmentStart)..<bytes.count : nil
    }

    /// The URL without its fragment (`WebURL.removingFragment`): the bytes before its `#`.
    public var removingFragment: CanonicalHTTPBytes {
        guard layout.fragmentStart >= 0 else { return self }
        var layout = self.layout
        let hash = Int(layout.fragmentStart) - 1
        layout.fragmentStart = -1
        return CanonicalHTTPBytes(bytes: UnsafeBufferPointer(rebasing: bytes[..<hash]), layout: layout)
    }

    /// The `WebURL` these bytes are, as `WebURL(canonicalHTTP:)` makes it.
    public func makeWebURL() -> WebURL {
        let count = bytes.count
        let string = String(unsafeUninitializedCapacity: count) { buffer in
            if let source = bytes.baseAddress { buffer.baseAddress!.initialize(from: source, count: count) }
            return count
        }
        return WebURL(serialization: string, domainHostLayout: layout)
    }
}

extension WebURL {
    /// `WebURL(canonicalHTTP: bytes)` read in place (see `CanonicalHTTPBytes`):
    /// `bytes` themselves, or, for a URL that ends with its host, their copy
    /// and the path `/` in `room` (at least `bytes.count + 1` bytes; `bytes`
    /// may already lie at its start). nil where that initialiser is nil.
    public static func canonicalHTTPBytes(_ bytes: UnsafeBufferPointer<UInt8>, room: UnsafeMutableBufferPointer<UInt8>) -> CanonicalHTTPBytes? {
        guard let parsed = canonicalHTTPLayout(bytes) else { return nil }
        guard parsed.endsWithHost else { return CanonicalHTTPBytes(bytes: bytes, layout: parsed.layout) }
        // The scan found `http://` in `bytes`, so they are not empty.
        precondition(room.count > bytes.count, "no room for the path of a URL that ends with its host")
        let target = room.baseAddress!
        if UnsafePointer(target) != bytes.baseAddress! { target.initialize(from: bytes.baseAddress!, count: bytes.count) }
        target[bytes.count] = UInt8(ascii: "/")
        return CanonicalHTTPBytes(bytes: UnsafeBufferPointer(start: target, count: bytes.count + 1), layout: parsed.layout)
    }
}

extension CanonicalHTTPOrigin {
    /// `url(rootPath:)` read in place (see `CanonicalHTTPBytes`): the origin
    /// and `rootPath` joined in `room` (at least `bytes.count +
    /// rootPath.count` bytes), nil where `url(rootPath:)` is.
    public func canonicalBytes(rootPath: UnsafeBufferPointer<UInt8>, room: UnsafeMutableBufferPointer<UInt8>) -> CanonicalHTTPBytes? {
        guard let layout = layout(rootPath: rootPath) else { return nil }
        let offset = bytes.count, count = offset + rootPath.count
        precondition(room.count >= count, "no room to join a root path to its origin")
        let target = room.baseAddress!
        bytes.withUnsafeBufferPointer { target.initialize(from: $0.baseAddress!, count: offset) }
        (target + offset).initialize(from: rootPath.baseAddress!, count: rootPath.count)
        return CanonicalHTTPBytes(bytes: UnsafeBufferPointer(start: target, count: count), layout: layout)
    }
}
