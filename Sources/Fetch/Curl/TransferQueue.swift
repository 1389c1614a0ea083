/// The transfers waiting for a free slot, first in first out.
///
/// An array with a moving head: append and take-from-front are O(1)
/// amortised, which matters when thousands of requests queue behind
/// `maxConcurrentTransfers`; removal (task cancellation) is O(n) and rare.
struct TransferQueue {
    private var items: [Transfer] = []
    private var head = 0

    var count: Int { items.count - head }

    mutating func append(_ transfer: Transfer) {
        items.append(transfer)
    }

    /// Takes up to `limit` transfers from the front.
    mutating func popFirst(_ limit: Int) -> [Transfer] {
        let taken = min(limit, count)
        guard taken > 0 else { return [] }
        let result = Array(items[head..<(head + taken)])
        head += taken
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1024 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return result
    }

    /// Removes `transfer` if it is still waiting; returns whether it was.
    mutating func remove(_ transfer: Transfer) -> Bool {
        guard let index = items[head...].firstIndex(where: { $0 === transfer }) else { return false }
        items.remove(at: index)
        return true
    }
}
