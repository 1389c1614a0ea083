import WebURL

/// Finds the site's own search on its home page: the first GET form with
/// exactly one text field, as a `SearchTemplate` (the form's action, its
/// hidden fields and first named submit button in order, and `{query}`
/// where the text field goes): what a browser sends when a reader types a
/// word there and presses Enter.
///
/// Why: nobody here has seen the real site's search address; the profile's
/// template is a guess until the site confirms it.
enum SearchFormFinder {
    static func template(inHomePage page: [UInt8], at pageURL: WebURL) -> SearchTemplate? {
        let document = ResultPage(parsing: page)
        for form in document.descendants(of: document.root) where document.isElement(form, named: "form") {
            if let template = template(of: form, in: document, pageURL: pageURL) { return template }
        }
        return nil
    }

    private static func template(of form: ResultPage.Node, in document: ResultPage, pageURL: WebURL) -> SearchTemplate? {
        let method = (document.attribute(form, "method") ?? "get").lowercased()
        guard method == "get" else { return nil }
        var fields: [String] = []
        var textFields = 0
        var sawSubmitButton = false
        for field in document.descendants(of: form) where document.isElement(field, named: "input") || document.isElement(field, named: "button") {
            guard document.attribute(field, "disabled") == nil else { continue }
            let isButton = document.isElement(field, named: "button")
            let type = (document.attribute(field, "type") ?? (isButton ? "submit" : "text")).lowercased()
            let name = document.attribute(field, "name") ?? ""
            let value = WebURL.percentEncodedComponent(document.attribute(field, "value") ?? "")
            let key = WebURL.percentEncodedComponent(name)
            switch type {
            case "text", "search", "":
                guard !isButton, !name.isEmpty else { continue }
                textFields += 1
                fields.append(key + "={query}")
            case "hidden":
                if !name.isEmpty { fields.append(key + "=" + value) }
            case "submit":
                // Enter in the text field submits with the form's first submit
                // button as the submitter: its name and value go along.
                if !sawSubmitButton, !name.isEmpty { fields.append(key + "=" + value) }
                sawSubmitButton = true
            default:
                continue
            }
        }
        let action = document.attribute(form, "action") ?? ""
        guard textFields == 1,
              let target = try? WebURL(action.isEmpty ? pageURL.serialization : action, relativeTo: pageURL),
              target.scheme == "http" || target.scheme == "https"
        else { return nil }
        // A GET form replaces the action's query with its fields (HTML's
        // "mutate action URL").
        let base = target.removingFragment.serialization
        let withoutQuery = base.split(separator: "?", maxSplits: 1).first.map(String.init) ?? base
        return SearchTemplate(withoutQuery + "?" + fields.joined(separator: "&"))
    }
}
