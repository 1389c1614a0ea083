extension Array {
    /// Keeps the first `count` elements: `removeSubrange(count...)` without
    /// the generic `replaceSubrange` it goes through (a fifth of the
    /// rewriter's end-tag time), for the one or two elements an end tag ends.
    @inline(__always)
    mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "truncating past the end")
        while self.count > count { removeLast() }
    }
}
