import Testing
@testable import Sanitize

/// The rewriter's stack of open elements against an array doing the same.
@Suite("ElementStack")
struct ElementStackTests {
    @Test("pushes, pops, truncations and removals leave the stack as they leave an array, past its room too")
    func matchesArray() {
        var stack = ElementStack(capacity: 4)
        var reference: [NameKey] = []
        let names = ["html", "body", "div", "td", "span", "form", "a", "b"].map { NameKey($0) }
        // A fixed sequence of pseudo-random operations (a linear congruential generator).
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for step in 0..<5_000 {
            switch next(8) {
            case 0, 1, 2, 3:
                let name = names[next(names.count)]
                stack.append(name)
                reference.append(name)
            case 4 where !reference.isEmpty:
                stack.removeLast()
                reference.removeLast()
            case 5 where !reference.isEmpty:
                let count = next(reference.count + 1)
                stack.truncate(to: count)
                reference.removeSubrange(count...)
            case 6 where !reference.isEmpty:
                let index = next(reference.count)
                stack.remove(at: index)
                reference.remove(at: index)
            default:
                let pair = [names[next(names.count)], names[next(names.count)]]
                for name in pair { stack.append(name) }
                reference.append(contentsOf: pair)
            }
            #expect(Array(stack) == reference, "after step \(step)")
            #expect(stack.last == reference.last && stack.count == reference.count && stack.isEmpty == reference.isEmpty)
            #expect(stack.contains(names[5]) == reference.contains(names[5]))
        }
    }
}
