extension Decision {
    /// One rule for each of some lists (the ignore rule that acted in
    /// each), read like a dictionary from list number to rule.
    ///
    /// A few pairs in an array, sorted by list: a decision has one per list
    /// at most, and a `[Int32: Int32]` made for each decision that met an
    /// ignore rule cost about 3,600 instructions on its first entry (its
    /// storage made and the key hashed), 80 a request over the corpus.
    struct RuleByList: Sendable, Sequence {
        typealias Element = (key: Int32, value: Int32)
        private var pairs: [Element] = []

        var isEmpty: Bool { pairs.isEmpty }

        /// The list's rule, or nil; setting a list's rule adds it in list order.
        subscript(list: Int32) -> Int32? {
            get { pairs.first { $0.key == list }?.value }
            set {
                let index = pairs.firstIndex { $0.key >= list } ?? pairs.endIndex
                let present = index < pairs.endIndex && pairs[index].key == list
                switch (newValue, present) {
                case (let rule?, true): pairs[index].value = rule
                case (let rule?, false): pairs.insert((list, rule), at: index)
                case (nil, true): pairs.remove(at: index)
                case (nil, false): break
                }
            }
        }

        /// The pairs in list order.
        func makeIterator() -> IndexingIterator<[Element]> {
            pairs.makeIterator()
        }
    }
}
