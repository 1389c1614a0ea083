import CLibXML2

/// Makes an end tag close what a browser closes where libxml2 2.9 would
/// ignore it.
///
/// libxml2's HTML 4 parser lets a misplaced end tag close only elements of
/// lower "end priority" than itself (`div` 150, cells 160, rows 170, table
/// sections 180, `table` 190; every other name, `nav`, `header` and `ul`
/// among them, 100). So in `<nav><div>Start</nav><table>…`, `</nav>` is
/// dropped and the rest of the page lands inside the navigation, which the
/// extractors skip. The HTML standard pops up to the `nav` ("has an element
/// in scope"), unless a scope boundary such as a `table` or a cell lies in
/// between, in which case it ignores the end tag too.
///
/// libxml2 reports exactly that moment, after its own auto-closing gave up,
/// as "Opening and ending tag mismatch" (XML_ERR_TAG_NAME_MISMATCH, with the
/// end tag's name and the current element's): the repair, called back from
/// there, pops the elements above the one named through the parser's own
/// SAX `endElement` and `namePop`, so that libxml2 then closes it as if it
/// had matched. It acts only when libxml2's priorities blocked the close
/// and no scope boundary lies in between; other mismatches are left alone.
enum EndTagRepair {
    /// Runs `parse` with the repair installed as this thread's libxml2
    /// structured error handler (libxml2 keeps it per thread), and removes
    /// it afterwards.
    static func during<T>(_ parse: () -> T) -> T {
        xmlSetStructuredErrorFunc(nil, repair)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        return parse()
    }

    /// libxml2 2.9's end priorities (HTMLparser.c, htmlEndPriority): a
    /// misplaced end tag closes only elements of lower or equal priority.
    static func endPriority(_ name: String) -> Int {
        switch name {
        case "div": 150
        case "td", "th": 160
        case "tr": 170
        case "thead", "tbody", "tfoot": 180
        case "table": 190
        case "head", "body": 200
        case "html": 220
        default: 100
        }
    }

    /// Elements that bound "has an element in scope" in the HTML standard:
    /// an end tag does not reach past them.
    static let scopeBoundaries: Set<String> = ["applet", "caption", "html", "table", "td", "th", "marquee", "object", "template"]

    /// How many elements above the one named `endTag` to pop, given the
    /// open elements from the outermost to the current one; nil when the
    /// end tag is to stay ignored.
    static func elementsToClose(for endTag: String, openElements: [String]) -> Int? {
        let priority = endPriority(endTag)
        var blocked = false
        for (depth, name) in openElements.reversed().enumerated() {
            if name == endTag { return blocked ? depth : nil }
            if scopeBoundaries.contains(name) { return nil }
            if endPriority(name) > priority { blocked = true }
        }
        return nil
    }

    private static let repair: xmlStructuredErrorFunc = { _, error in
        guard let error, error.pointee.code == Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue),
            let endTag = error.pointee.str1, error.pointee.str2 != nil,
            let context = error.pointee.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self),
            let names = context.pointee.nameTab
        else { return }
        let openElements = (0..<Int(context.pointee.nameNr)).map { names[$0].map { String(cString: $0) } ?? "" }
        guard let count = elementsToClose(for: String(cString: endTag), openElements: openElements) else { return }
        for _ in 0..<count {
            context.pointee.sax?.pointee.endElement?(context.pointee.userData, context.pointee.name)
            _ = namePop(context)
        }
    }
}
