/// The attribute values a page's policy writes (the proxy paths of the
/// subresources it routes), kept as bytes that stay where they were written
/// until the policy is gone: the policy's memo and a tag's edits refer to
/// them by address (`UnsafeBufferPointer`), and the writer copies them into
/// the page from there.
///
/// Each first-seen subresource made its proxy path a String, which the
/// standard library allocated, validated as UTF-8 and freed at the end of
/// the page, and which the memo and the edits retained and released: about
/// 1,100 instructions a first-seen image (p58k-images, callgrind). Here a
/// path is written once into room taken from a block of 4 KB, a few dozen
/// instructions, and a page's paths share a handful of allocations.
///
/// A class, so that its blocks are freed once, when the last copy of the
/// policy that holds it goes; its addresses stay valid until then (blocks
/// never move or grow). Not for sharing between threads: a policy is one
/// page's.
final class StoredValues {
    /// The blocks, each freed in `deinit`.
    private var blocks: [UnsafeMutablePointer<UInt8>] = []
    /// Where the next value goes in the last block, and the room left there.
    private var next: UnsafeMutablePointer<UInt8>?
    private var room = 0

    /// The size of a block (a value longer than that gets a block of its own size).
    static let blockSize = 4096

    init() {}

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// Room for a value of at most `capacity` bytes, at an address kept until
    /// `commit` says how many were written; a value not committed is
    /// written over by the next (a path that turns out to be the URL as
    /// written, which the page keeps).
    func room(for capacity: Int) -> UnsafeMutablePointer<UInt8> {
        if let next, capacity <= room { return next }
        let size = max(Self.blockSize, capacity)
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        blocks.append(block)
        next = block
        room = size
        return block
    }

    /// Keeps the `count` bytes written at the last `room(for:)`, and returns them.
    func commit(_ count: Int) -> UnsafeBufferPointer<UInt8> {
        let start = next.unsafelyUnwrapped
        precondition(count <= room, "more bytes written than room was asked for")
        next = start + count
        room -= count
        return UnsafeBufferPointer(start: start, count: count)
    }
}
