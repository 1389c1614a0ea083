/// Where the tokenizer keeps the current tag's attributes, reused from tag
/// to tag. Stores go straight to memory: an array checks that its buffer is
/// uniquely referenced on every store, once per attribute of every tag.
/// A class, so the buffer is freed with its last tokenizer; copies of a
/// tokenizer share it, and only the tokenizer that reads the tags writes it.
///
/// The first sixteen attributes' room is stored after the object's header,
/// one allocation with it: a class that held memory from
/// `UnsafeMutablePointer.allocate` was two, and `allocate` goes through
/// `posix_memalign` on Linux (see `ElementStack.Storage`).
/// A tag with more attributes moves them to memory of their own.
final class RawAttributeBuffer: ManagedBuffer<RawAttributeRoom, HTMLTokenizer.RawAttribute> {
    /// The attributes' room made with the buffer.
    static var initialCapacity: Int { 16 }

    /// A buffer with room for `initialCapacity` attributes after its header.
    static func make() -> RawAttributeBuffer {
        let buffer = create(minimumCapacity: initialCapacity) { buffer in
            RawAttributeRoom(pointer: buffer.withUnsafeMutablePointerToElements { $0 }, capacity: initialCapacity)
        }
        return unsafeDowncast(buffer, to: RawAttributeBuffer.self)
    }

    deinit {
        // A RawAttribute holds no references: nothing to deinitialize.
        let room = self.room.pointee
        if room.pointer != withUnsafeMutablePointerToElements({ $0 }) { room.pointer.deallocate() }
    }

    /// The header, read and written through its address: as `header`, a
    /// class's stored property, each access was checked for exclusivity
    /// at run time (`swift_beginAccess`, about forty instructions).
    @inline(__always)
    private var room: UnsafeMutablePointer<RawAttributeRoom> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    /// The attribute at `index`, which the caller has stored.
    @inline(__always)
    subscript(index: Int) -> HTMLTokenizer.RawAttribute {
        room.pointee.pointer[index]
    }

    /// Stores the attribute at `index`, at most one past the last stored.
    @inline(__always)
    func store(_ attribute: HTMLTokenizer.RawAttribute, at index: Int) {
        if index == room.pointee.capacity { grow() }
        (room.pointee.pointer + index).initialize(to: attribute)
    }

    private func grow() {
        let room = self.room.pointee
        let larger = UnsafeMutablePointer<HTMLTokenizer.RawAttribute>.allocate(capacity: room.capacity * 2)
        larger.moveInitialize(from: room.pointer, count: room.capacity)
        if room.pointer != withUnsafeMutablePointerToElements({ $0 }) { room.pointer.deallocate() }
        self.room.pointee = RawAttributeRoom(pointer: larger, capacity: room.capacity * 2)
    }
}

/// Where a `RawAttributeBuffer`'s attributes are (the room after its
/// header, or memory of their own once a tag had more) and how many fit.
struct RawAttributeRoom {
    var pointer: UnsafeMutablePointer<HTMLTokenizer.RawAttribute>
    var capacity: Int
}
