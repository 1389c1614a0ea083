/// Start tags the rewriter's fast lane skimmed and copies as written,
/// remembered by where they stand in the input, so that a later tag with
/// the same bytes is known to be one without a second skim.
///
/// Result pages repeat their markup row after row (`<td class="fa"
/// dir="rtl" lang="fa">` 275 times on the 58 KB benchmark page), and a
/// skim reads every attribute's name, `=` and quoted value, about a
/// hundred instructions an attribute. The bytes from a tag's `<` to the
/// `>` that ends it decide all the skim finds: a tag in the data state
/// is read from its own bytes alone, whatever comes before or after.
/// So a tag whose bytes equal a remembered one's ends where that one
/// ended and has no attribute the rewriter changes; comparing the bytes
/// a word at a time costs a few instructions a word.
///
/// Sets of two slots, each set chosen by the tag's name and first bytes
/// after it: the rows' different cells (`<td class="de">`, `<td
/// class="fa" dir…>`) find sets of their own. A set holds the last two
/// tags skimmed there (with one slot a set, tags that alternate in one
/// took each other's place: 100 KB page, 1,105 of 1,351 skims found
/// with one, 1,186 with two, by a simulation of the slots on its tags);
/// a miss costs the skim it saves otherwise, and the look-up.
struct SkimmedTags {
    /// Owns the slots' memory: one allocation, the slots stored after the
    /// object's header (see `ElementStack.Storage`). An `Entry` holds no
    /// references: nothing to deinitialize.
    private let storage: ManagedBuffer<Void, Entry>

    /// Slots of their own, empty.
    init() {
        self.init(reusing: Self.makeStorage())
    }

    /// The slots in `storage` (made by `makeStorage`, a page's
    /// `RewriteScratch`), emptied: a tag remembered there by the page
    /// before stands at places of that page's input.
    init(reusing storage: ManagedBuffer<Void, Entry>) {
        storage.withUnsafeMutablePointerToElements { $0.initialize(repeating: Entry(start: 0, count: 0), count: Slots.setCount &* 2) }
        self.storage = storage
    }

    /// Memory for the slots (not yet emptied).
    static func makeStorage() -> ManagedBuffer<Void, Entry> {
        ManagedBuffer<Void, Entry>.create(minimumCapacity: Slots.setCount &* 2) { _ in }
    }

    /// The slots, for the fast lane to hold through its run: a pointer's
    /// copy, with no class instance retained and released for each run
    /// (as a class, the memo was: fixture pages 2,300 instructions).
    var slots: Slots { Slots(entries: storage.withUnsafeMutablePointerToElements { $0 }) }

    /// A remembered tag: `count` bytes of the input from `start`, the
    /// first its `<` and the last the `>` that ends it. `count` is zero
    /// for an empty slot, which nothing matches.
    struct Entry {
        var start: Int
        var count: Int
    }

    /// The slots' memory, not owned: valid while the `SkimmedTags` it came
    /// from is. Copies of a rewriter share it; only the one that reads the
    /// page writes it.
    struct Slots {
        let entries: UnsafeMutablePointer<Entry>

        /// How many sets of two slots (a power of two).
        static var setCount: Int { 64 }

        /// The set of the tag whose name, packed in one word, is `name`
        /// and ends at `nameEnd`, chosen by that word and the sixteen
        /// bytes after the name, which the caller knows lie in `input`.
        @inline(__always)
        static func set(name: UInt64, nameEnd: Int, sixteenReadableIn input: UnsafeBufferPointer<UInt8>) -> Int {
            let bytes = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped + nameEnd)
            let first = bytes.loadUnaligned(as: UInt64.self)
            let second = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let mixed = (name &* 0x9E37_79B9_7F4A_7C15) ^ (first &* 0xC2B2_AE3D_27D4_EB4F) ^ (second &* 0x1656_67B1_9E37_79F9)
            return Int(truncatingIfNeeded: mixed >> 58) & (setCount &- 1)
        }

        /// The index after the tag at `start` (its `<`) when its bytes
        /// are those of a tag remembered in `set`; nil otherwise.
        @inline(__always)
        func end(ofTagAt start: Int, set: Int, in input: UnsafeBufferPointer<UInt8>) -> Int? {
            let pair = entries + set &* 2
            if let end = Self.end(ofTagAt: start, as: pair[0], in: input) { return end }
            return Self.end(ofTagAt: start, as: pair[1], in: input)
        }

        /// The index after the tag at `start` when its bytes are `entry`'s.
        @inline(__always)
        private static func end(ofTagAt start: Int, as entry: Entry, in input: UnsafeBufferPointer<UInt8>) -> Int? {
            // Eight bytes at least (an empty slot has none), and all in the input.
            guard entry.count >= 8, entry.count <= input.count &- start else { return nil }
            return SkimmedTags.sameBytes(input, entry.start, start, count: entry.count) ? start &+ entry.count : nil
        }

        /// Remembers the tag at `start..<end` first in `set`; the tag
        /// first there before moves second, in the older one's place.
        @inline(__always)
        func remember(_ start: Int, _ end: Int, set: Int) {
            let pair = entries + set &* 2
            pair[1] = pair[0]
            pair[0] = Entry(start: start, count: end &- start)
        }
    }

    /// Whether the `count` bytes of `input` from `first` and from `second`
    /// are the same, `count` at least eight and both runs in `input`: a
    /// word at a time, the last word the one that ends with the runs
    /// (read again where it overlaps the one before).
    @inline(__always)
    static func sameBytes(_ input: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, count: Int) -> Bool {
        assert(count >= 8 && first >= 0 && second >= 0 && first + count <= input.count && second + count <= input.count, "runs outside the input")
        let base = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped)
        let one = base + first, other = base + second
        var offset = 0
        while offset < count &- 8 {
            if one.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset &+= 8
        }
        return one.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == other.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }
}
