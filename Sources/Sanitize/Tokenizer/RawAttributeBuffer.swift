/// Where the tokenizer keeps the current tag's attributes, reused from tag
/// to tag. Stores go straight to memory: an array checks that its buffer is
/// uniquely referenced on every store, once per attribute of every tag.
/// A class, so the buffer is freed with its last tokenizer; copies of a
/// tokenizer share it, and only the tokenizer that reads the tags writes it.
final class RawAttributeBuffer {
    private var pointer: UnsafeMutablePointer<HTMLTokenizer.RawAttribute>
    private var capacity: Int

    init() {
        capacity = 16
        pointer = .allocate(capacity: capacity)
    }

    deinit {
        pointer.deallocate()  // a RawAttribute holds no references: nothing to deinitialize
    }

    /// The attribute at `index`, which the caller has stored.
    @inline(__always)
    subscript(index: Int) -> HTMLTokenizer.RawAttribute {
        pointer[index]
    }

    /// Stores the attribute at `index`, at most one past the last stored.
    @inline(__always)
    func store(_ attribute: HTMLTokenizer.RawAttribute, at index: Int) {
        if index == capacity { grow() }
        (pointer + index).initialize(to: attribute)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<HTMLTokenizer.RawAttribute>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: pointer, count: capacity)
        pointer.deallocate()
        pointer = larger
        capacity *= 2
    }
}
