import Testing
import WebURL

/// limot's own URLs carry words in their queries (`/_limot/lookup?q=خانه`,
/// the site's `search?q=…`): encoded once, read back as the reader typed them.
@Suite("Query components and form values")
struct FormValueTests {
    @Test(arguments: ["Haus", "خانه", "Straße", "می‌روم", "a&b=c d+e", "100%", "x#y/z?"])
    func aWordSurvivesTheRoundTrip(word: String) {
        let encoded = WebURL.percentEncodedComponent(word)
        #expect(!encoded.contains { "&=#+ /?".contains($0) })
        #expect(encoded.allSatisfy { $0.isASCII })
        #expect(WebURL.formValue("q", inQuery: "x=1&q=\(encoded)") == word)
    }

    @Test func theComponentSetIsEncodeURIComponents() {
        // What JavaScript's encodeURIComponent leaves alone, and nothing else.
        #expect(WebURL.percentEncodedComponent("AZaz09!'()*-._~") == "AZaz09!'()*-._~")
        #expect(WebURL.percentEncodedComponent("nach Hause") == "nach%20Hause")
        #expect(WebURL.percentEncodedComponent("خانه") == "%D8%AE%D8%A7%D9%86%D9%87")
        #expect(WebURL.percentEncodedComponent("a+b&c=d/e") == "a%2Bb%26c%3Dd%2Fe")
    }

    @Test func formValuesDecodePlusAndTakeTheFirstPair() {
        #expect(WebURL.formValue("q", inQuery: "q=a+b") == "a b")
        #expect(WebURL.formValue("q", inQuery: "q=1&q=2") == "1")
        #expect(WebURL.formValue("q", inQuery: "dir=de-fa&q") == "")
        #expect(WebURL.formValue("q", inQuery: "query=x") == nil)
        #expect(WebURL.formValue("q", inQuery: nil) == nil)
        // A broken escape stays as it was rather than eating what follows.
        #expect(WebURL.formValue("q", inQuery: "q=%zz1") == "%zz1")
    }
}
