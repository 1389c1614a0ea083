/// The dictionary's own "did you mean" words on a page without entries:
/// the links to other searches (`/search?q=…`), preferably those in the
/// block that says "Meinten Sie" (or "did you mean", "منظور"), else every
/// search link outside navigation and ads. Pagination links (`page=`,
/// `more=`) and links whose text is a number are not words.
struct SuggestionFinder {
    let page: PageReader

    static let phrases = ["meinten sie", "meinen sie", "did you mean", "vorschl", "ähnliche", "منظور", "پیشنهاد"]

    func suggestions(selector: CSSSelector?) -> [String] {
        let document = page.document
        if let selector {
            let words = unique(selector.select(in: document).map { document.text(of: $0) })
            if !words.isEmpty { return words }
        }
        let links = document.descendants(of: document.root).filter { node in
            document.isElement(node, named: "a") && !page.isIgnored(node) && isSearchLink(document.attribute(node, "href") ?? "")
        }
        let introduced = links.filter { link in
            page.tokens(link).contains { $0.hasPrefix("suggest") } || document.ancestors(of: link).prefix(3).contains { block in
                let text = document.text(of: block).lowercased()
                return Self.phrases.contains { text.contains($0) } || page.tokens(block).contains { $0.hasPrefix("suggest") || $0.hasPrefix("didyoumean") }
            }
        }
        return unique((introduced.isEmpty ? links : introduced).map { document.text(of: $0) })
    }

    private func isSearchLink(_ href: String) -> Bool {
        guard let question = href.firstIndex(of: "?") else { return false }
        let parameters = href[href.index(after: question)...].split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "" }
        return parameters.contains { ["q", "query", "word", "term", "s"].contains($0) } && !parameters.contains { ["page", "more", "p", "offset"].contains($0) }
    }

    private func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { word in
            !word.isEmpty && !word.allSatisfy { $0.isNumber || $0 == " " } && seen.insert(word).inserted
        }
    }
}
