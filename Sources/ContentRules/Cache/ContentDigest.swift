import CXXHash
import Glibc

/// XXH3-128 (xxHash, Debian's libxxhash) of bytes given in one piece or
/// several: names a selection of rule lists (the compiled rule cache's key,
/// `serve`'s rules fingerprint) and checks a cache file's payload.
///
/// What these digests guard against is accident: a file cut short, a flipped
/// bit, another selection's file. A 128-bit hash of good quality leaves two
/// selections sharing a key, or a damaged payload passing its check, beyond
/// any real chance. It is no defence against an attacker, but nor was the
/// SHA-256 it replaced, since whoever can write the data directory can write
/// the lists too; it reads the 16 MB file of EasyList + EasyPrivacy in about
/// 1 ms where SHA-256 took about 10, on the path to a proxy's first answer.
public final class ContentDigest {
    /// The digest's length in bytes.
    public static let byteCount = 16

    private let state: OpaquePointer

    public init() {
        // Only fails to allocate a few hundred bytes, which Swift would trap on too.
        guard let state = XXH3_createState() else { fatalError("XXH3_createState: out of memory") }
        self.state = state
        XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    /// Adds `bytes` to what is digested.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        XXH3_128bits_update(state, base, bytes.count)
    }

    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the bytes of the file at `path`, read a block at a time into one
    /// buffer: hashing the rule lists is all a start from the cache reads
    /// them for, and reading EasyList + EasyPrivacy whole (3.4 MB, copied
    /// twice into fresh pages) cost that start more than decoding the cache.
    /// Returns the number of bytes added, or nil when the file cannot be
    /// opened or read (what was read before stays added).
    @discardableResult
    public func update(contentsOfFile path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readBlock, alignment: 64)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            guard count > 0 else { return total }
            update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            total += count
        }
    }

    /// What `update(contentsOfFile:)` reads at a time: fits in L2 with room to spare.
    private static let readBlock = 64 << 10

    /// The digest of everything added so far, big-endian (xxHash's canonical form).
    public func finish() -> [UInt8] {
        Self.canonical(XXH3_128bits_digest(state))
    }

    /// The digest of `bytes` alone.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        canonical(XXH3_128bits(bytes.baseAddress, bytes.count))
    }

    public static func of(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { of($0) }
    }

    private static func canonical(_ hash: XXH128_hash_t) -> [UInt8] {
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, hash)
        return withUnsafeBytes(of: canonical.digest) { Array($0) }
    }
}
