@testable import Fetch
import FixtureSupport
import Testing

/// The in-process caches' memory: within its count and bytes, the least
/// recently used goes first.
struct RecentlyUsedTests {
    @Test func theLeastRecentlyUsedGoesFirst() {
        var memory = RecentlyUsed<String>(maxEntries: 3, maxBytes: 1000)
        for key in ["a", "b", "c"] { memory.insert(key.uppercased(), bytes: 10, for: key) }
        #expect(memory.use("a") == "A")  // now b is the least recently used
        memory.insert("D", bytes: 10, for: "d")
        #expect(memory.use("b") == nil)
        #expect(memory.use("a") == "A" && memory.use("c") == "C" && memory.use("d") == "D")
        #expect(memory.count == 3 && memory.bytes == 30)
    }

    @Test func bytesAreKeptWithinTheBudget() {
        var memory = RecentlyUsed<Int>(maxEntries: 100, maxBytes: 100)
        memory.insert(1, bytes: 60, for: "one")
        memory.insert(2, bytes: 30, for: "two")
        memory.insert(3, bytes: 30, for: "three")  // 120 bytes: "one" goes
        #expect(memory.use("one") == nil && memory.bytes == 60)
        memory.insert(22, bytes: 50, for: "two")  // replaced, not added: 80 bytes
        #expect(memory.use("two") == 22 && memory.bytes == 80 && memory.count == 2)
        memory.remove("two")
        #expect(memory.use("two") == nil && memory.bytes == 30)
    }

    /// Every insert a new key, each pushing the oldest out (a reader's pages
    /// at new addresses): the record of uses must not keep the keys of the
    /// pages long gone, or memory grows by one key a page for good.
    @Test func newKeysEveryTimeKeepTheRecordOfUsesBounded() {
        var memory = RecentlyUsed<Int>(maxEntries: 80, maxBytes: 1 << 30)
        for step in 0..<100_000 {
            // Asked first, as the proxy does: not there, so no use is noted.
            #expect(memory.use("https://www.loghatnameh.de/search?q=Haus&n=\(step)") == nil)
            memory.insert(step, bytes: 1, for: "https://www.loghatnameh.de/search?q=Haus&n=\(step)")
        }
        #expect(memory.count == 80)
        #expect(memory.recordedUses <= 2 * 80 + 64, "\(memory.recordedUses) uses recorded for 80 entries")
        #expect(memory.use("https://www.loghatnameh.de/search?q=Haus&n=99999") == 99_999)
        #expect(memory.use("https://www.loghatnameh.de/search?q=Haus&n=99919") == nil)
    }

    /// Many uses and inserts (stale marks behind): what is dropped is still
    /// exactly the least recently used, as a list kept in order says.
    @Test func manyUsesDropTheLeastRecentlyUsedInOrder() {
        var memory = RecentlyUsed<Int>(maxEntries: 20, maxBytes: 1 << 20)
        var inOrder: [String] = []  // least recently used first
        var generator = SystemRandomNumberGenerator()
        for step in 0..<5_000 {
            let key = "page \(Int.random(in: 0..<40, using: &generator))"
            if step % 3 == 0, memory.use(key) != nil {
                inOrder.removeAll { $0 == key }
                inOrder.append(key)
                continue
            }
            memory.insert(step, bytes: 10, for: key)
            inOrder.removeAll { $0 == key }
            inOrder.append(key)
            if inOrder.count > 20 { inOrder.removeFirst() }
            #expect(memory.count == inOrder.count && memory.bytes == 10 * inOrder.count)
        }
        for key in (0..<40).map({ "page \($0)" }) {
            #expect((memory.use(key) != nil) == inOrder.contains(key), "\(key)")
        }
    }

    /// Values of many sizes put in place of others and used: each use
    /// answers the value last put, and the bytes kept are those of the
    /// values a plain list of (key, value, bytes) in order of use keeps.
    @Test func replacedValuesAnswerAndWeighAsTheLastPut() {
        var memory = RecentlyUsed<Int>(maxEntries: 12, maxBytes: 150)
        var inOrder: [(key: String, value: Int, bytes: Int)] = []  // least recently used first
        var random = SeededGenerator(seed: 32)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        for step in 0..<5_000 {
            let key = "page \(next(30))"
            if next(2) == 0 {
                let expected = inOrder.first { $0.key == key }
                #expect(memory.use(key) == expected?.value, "\(key)")
                if let expected {
                    inOrder.removeAll { $0.key == key }
                    inOrder.append(expected)
                }
                continue
            }
            let bytes = 1 + next(30)
            memory.insert(step, bytes: bytes, for: key)
            inOrder.removeAll { $0.key == key }
            inOrder.append((key, step, bytes))
            while inOrder.count > 12 || inOrder.reduce(0, { $0 + $1.bytes }) > 150 { inOrder.removeFirst() }
            #expect(memory.count == inOrder.count && memory.bytes == inOrder.reduce(0) { $0 + $1.bytes }, "step \(step)")
        }
    }
}
