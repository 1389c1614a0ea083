import Testing
@testable import ContentRules

@Test func placeholder() {
    #expect(CSSSelectorValidator.isValid("a"))
}
