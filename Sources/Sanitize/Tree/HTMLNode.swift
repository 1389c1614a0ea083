/// Names for the nodes of an `HTMLDocument`. A node is not a value of its
/// own: the document stores every node in flat arrays and hands out IDs, so
/// that a 100 KB page is a few arrays, not thousands of objects, and the
/// tree can be shared between tasks (`Sendable`) without copying.
public enum HTMLNode {
    /// A node of one document: its position in document order. IDs of one
    /// document mean nothing in another.
    public struct ID: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The node's index in document order (the document node is 0), so
        /// that callers can keep per-node facts in a plain array.
        public let index: Int

        init(_ index: Int) {
            self.index = index
        }

        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.index < rhs.index }
        public var description: String { "#\(index)" }
    }

    /// What a node is. Comments, doctypes and processing instructions are
    /// not kept: nothing reads them.
    public enum Kind: UInt8, Sendable {
        case document, element, text
    }
}

/// Node IDs in document order over a contiguous run of the document (a
/// subtree is always contiguous, because nodes are numbered in the order
/// their start tags appear).
public struct HTMLNodeIDs: RandomAccessCollection, Sendable {
    let range: Range<Int>

    public var startIndex: Int { range.lowerBound }
    public var endIndex: Int { range.upperBound }
    public subscript(position: Int) -> HTMLNode.ID { HTMLNode.ID(position) }
}
