import Fetch
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
}
