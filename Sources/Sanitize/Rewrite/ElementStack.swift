/// The names of the rewriter's open elements: a stack in memory of its
/// own, where a push is a store and a pop a decrement.
///
/// As a `[NameKey]`, each `append` and `removeLast` asked the runtime
/// whether the array's buffer was shared (`swift_isUniquelyReferenced`, a
/// call for every element opened or ended outside the fast lane's runs).
/// Copies of a stack share its memory: as with the tokenizer's attribute
/// buffer, only the rewriter that owns the stack changes it.
struct ElementStack: RandomAccessCollection {
    /// Owns the elements' memory: one allocation, the elements stored
    /// after the object's header. (A class that held memory from
    /// `UnsafeMutablePointer.allocate` was two, and `allocate` goes
    /// through `posix_memalign` on Linux: with `SkimmedTags`' and the
    /// tokenizer's attribute buffer made so too, and the writer's room for
    /// holes, fixture result pages 1,373,794 -> 1,367,380 instructions,
    /// callgrind.)
    /// A `NameKey` holds no references: nothing to deinitialize.
    typealias Storage = ManagedBuffer<Void, NameKey>

    private var storage: Storage
    /// The elements in `storage`, held here: a push or a pop reads no class instance.
    private(set) var elements: UnsafeMutablePointer<NameKey>
    /// How many elements fit before the stack grows.
    private(set) var capacity: Int
    private(set) var count = 0

    /// A stack with room for `capacity` elements (the rewriter's bound on
    /// open elements: it never grows).
    init(capacity: Int) {
        precondition(capacity > 0, "a stack without room")
        storage = Storage.create(minimumCapacity: capacity) { _ in }
        elements = storage.withUnsafeMutablePointerToElements { $0 }
        self.capacity = capacity
    }

    /// An empty stack in `storage`, which has room for `capacity` elements
    /// and which nothing else uses while the stack does (a page's
    /// `RewriteScratch`): whatever it held before is not read.
    init(reusing storage: Storage, capacity: Int) {
        precondition(capacity > 0, "a stack without room")
        self.storage = storage
        elements = storage.withUnsafeMutablePointerToElements { $0 }
        self.capacity = capacity
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    var isEmpty: Bool { count == 0 }

    /// The current element (the innermost open one).
    @inline(__always)
    var last: NameKey? { count > 0 ? elements[count &- 1] : nil }

    @inline(__always)
    subscript(index: Int) -> NameKey {
        precondition(index >= 0 && index < count, "no open element at this index")
        return elements[index]
    }

    @inline(__always)
    mutating func append(_ name: NameKey) {
        if count == capacity { grow() }
        (elements + count).initialize(to: name)
        count &+= 1
    }

    @inline(__always)
    mutating func removeLast() {
        precondition(count > 0, "no open element to remove")
        count &-= 1
    }

    /// Ends the fast lane's run, which pushed and popped through
    /// `elements` (initializing what it pushed): `count` elements are on
    /// the stack.
    @inline(__always)
    mutating func setCount(_ count: Int) {
        precondition(count >= 0 && count <= capacity, "more elements than room")
        self.count = count
    }

    /// Keeps the first `count` elements.
    @inline(__always)
    mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "truncating past the end")
        self.count = count
    }

    /// Removes the element at `index`; those above it move down a place.
    mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "no open element at this index")
        for above in index + 1..<count { elements[above - 1] = elements[above] }
        count -= 1
    }

    /// Twice the room, for a caller past the bound it gave (none does).
    @inline(never)
    private mutating func grow() {
        let larger = Storage.create(minimumCapacity: capacity * 2) { _ in }
        let pointer = larger.withUnsafeMutablePointerToElements { $0 }
        pointer.initialize(from: elements, count: count)
        storage = larger
        elements = pointer
        capacity *= 2
    }
}
