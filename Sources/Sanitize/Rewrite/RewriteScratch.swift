import Synchronization

/// The memory a page's rewrite works in and leaves behind when it ends: the
/// tokenizer's room for a tag's attributes, the open-element stack and the
/// fast lane's skimmed-tag slots. Kept for the next page (`Pool`), not made
/// and freed for each: the stack's room alone is 24.6 KB (1,025 names),
/// past malloc's per-thread cache, and the three took about 1,300
/// instructions a page to allocate and free (fixture result pages, callgrind).
///
/// One rewrite at a time uses a scratch: `HTMLSanitizer` takes it from the
/// pool before its rewriter is made and gives it back once the rewriter is
/// done with it, and nothing the rewrite hands out (the document) refers
/// to it. What a rewrite left in it is cleared or overwritten before it is
/// read: the stack starts empty, the skimmed-tag slots are emptied, and
/// attributes are read only up to the current tag's count.
final class RewriteScratch: @unchecked Sendable {
    let attributes = RawAttributeBuffer.make()
    let openElements = ElementStack.Storage.create(minimumCapacity: openElementRoom) { _ in }
    let skimmedTags = SkimmedTags.makeStorage()

    /// The open-element stack's room: the rewriter's bound on open
    /// elements and the removed element that may go past it.
    static var openElementRoom: Int { DocumentRewriter.maximumOpenElements + 1 }
    /// The output room the last page's writer left (`MarkupWriter.takeRoom`),
    /// kept when it is at most `maximumOutputRoom` bytes.
    var outputRoom: [UInt8] = []
    static var maximumOutputRoom: Int { 256 * 1024 }

    /// Keeps `room` for the next page's writer, unless it is larger than `maximumOutputRoom`.
    func keepOutputRoom(_ room: [UInt8]) {
        outputRoom = room.count <= Self.maximumOutputRoom ? room : []
    }

    /// The room for a page's holes the last writer left (`MarkupWriter.takeHoles`):
    /// made for each page, it was an allocation and a free a page.
    var holes: [MarkupWriter.Hole] = []
    /// The attribute edits the last rewriter left, emptied (their room
    /// kept): a page's first edited tags grew each of its arrays from
    /// nothing, and the rewriter freed them at its end.
    var edits = AttributeEdits()

    /// The policy's memos of attribute values (`ResourcePolicy.attributeURLs`,
    /// `attributeNavigations`), emptied (`ByteCache.reset`): only their
    /// room is lent, nothing an earlier page decided.
    var attributeURLs = ByteCache<ResourcePolicy.AttributeURL>()
    var attributeNavigations = ByteCache<ResourcePolicy.AttributeNavigation>()

    /// Takes back from `rewriter`, whose document is made, the memory it
    /// was lent and the room it grew: the writer's output room and holes,
    /// the attribute edits (emptied, so that no value of the last tag,
    /// an iframe's document among them, is kept past its page) and the
    /// policy's memos of attribute values (emptied too).
    func reclaim(from rewriter: inout DocumentRewriter) {
        keepOutputRoom(rewriter.writer.takeRoom())
        holes = rewriter.writer.takeHoles()
        rewriter.edits.reset()
        swap(&edits, &rewriter.edits)
        // Emptied here, not when lent: their values may point into the
        // policy's stored values, which go with the rewriter.
        swap(&attributeURLs, &rewriter.policy.attributeURLs)
        attributeURLs.reset()
        swap(&attributeNavigations, &rewriter.policy.attributeNavigations)
        attributeNavigations.reset()
    }

    /// The scratches given back and not yet taken again.
    enum Pool {
        private static let kept = Mutex<[RewriteScratch]>([])
        /// How many are kept at most (more than the rewrites that run at
        /// once on the proxy's threads and nested `srcdoc` documents):
        /// the rest are freed.
        static var maximumKept: Int { 8 }

        /// A scratch no rewrite holds: one given back, or a new one.
        static func take() -> RewriteScratch {
            kept.withLock { $0.popLast() } ?? RewriteScratch()
        }

        /// Keeps `scratch`, whose rewrite has ended, for a later one.
        static func giveBack(_ scratch: RewriteScratch) {
            kept.withLock { kept in
                if kept.count < maximumKept { kept.append(scratch) }
            }
        }

        /// How many are kept (for tests).
        static var keptCount: Int { kept.withLock { $0.count } }
    }
}
