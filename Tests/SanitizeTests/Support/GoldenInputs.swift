import Foundation

/// The pages `GoldenOutputTests` sanitizes: the sanitizer's test pages and
/// the fuzz corpus (the words), one large dictionary page made of
/// them, and splices of them with the markup a fast tokenizer gets wrong
/// most easily (`<` and `&` at every kind of boundary, comments, raw text
/// ends, NULs, broken UTF-8). The splices come from a fixed seed, so the
/// inputs are the same on every run and every machine.
struct GoldenInputs {
    var name: String
    var url: String
    var bytes: [UInt8]

    static func all() -> [GoldenInputs] {
        let files = htmlFiles()
        let sources = files.filter { spliceSources.contains($0.name) }
        precondition(sources.count == spliceSources.count, "a splice source is missing: \(spliceSources)")
        return files + [dictionaryPage(from: sources)] + splices(of: sources, count: 240)
    }

    /// The pages the splices are cut from, named so that adding a page
    /// elsewhere leaves every splice as it was.
    static let spliceSources: [String] = [
        "Tests/SanitizeTests/Pages/broken-markup.html", "Tests/SanitizeTests/Pages/dictionary-entry.html",
        "Tests/SanitizeTests/Pages/resources.html", "Tests/SanitizeTests/Pages/styles.html",
        "Tests/SanitizeTests/Pages/svg-icons.html", "Fuzz/Corpus/html-sanitizer/head-and-frames.html",
        "Fuzz/Corpus/result-page/end-tags-across-scopes.html", "Fuzz/Corpus/result-page/unclosed-div-in-nav.html",
    ]

    /// Every `.html` file under the folders the sanitizer's inputs live in,
    /// by path from the repository's root, sorted.
    static func htmlFiles() -> [GoldenInputs] {
        let folders = ["Tests/SanitizeTests/Pages", "Fuzz/Corpus/html-sanitizer", "Fuzz/Corpus/result-page"]
        var inputs: [GoldenInputs] = []
        for folder in folders {
            let root = Fixtures.repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { fatalError("no folder \(folder)") }
            for case let path as String in walker where path.hasSuffix(".html") {
                guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else { continue }
                inputs.append(GoldenInputs(name: "\(folder)/\(path)", url: "https://www.loghatnameh.de/\(path)", bytes: Array(data)))
            }
        }
        return inputs.sorted { $0.name < $1.name }
    }

    /// The dictionary entry page with its `<main>` repeated to about 1 MB.
    static func dictionaryPage(from files: [GoldenInputs]) -> GoldenInputs {
        guard let entry = files.first(where: { $0.name.hasSuffix("Pages/dictionary-entry.html") }) else {
            fatalError("no dictionary-entry.html among the sanitizer's test pages")
        }
        let html = String(decoding: entry.bytes, as: UTF8.self)
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { fatalError("dictionary-entry.html has no <main>") }
        let main = String(html[start.lowerBound..<end.upperBound])
        let body = String(repeating: main, count: 1_000_000 / main.utf8.count + 1)
        return GoldenInputs(name: "generated/dictionary-entry-1MB.html", url: "https://www.loghatnameh.de/dict?query=Haus",
                            bytes: Array(html.replacingCharacters(in: start.lowerBound..<end.upperBound, with: body).utf8))
    }

    static let awkward: [[UInt8]] = [
        "<", "&", "&amp;", "&#x110000;", "&notin", "<!--", "-->", "--!>", "<!---->", "</script>", "</style>", "</title>",
        "<script>", "<style>", "<textarea>", "<title>", "<plaintext>", "<svg><![CDATA[", "]]>", "<math>", "</svg>",
        "<a href=\"//ads.doubleclick.net/x\">", "<img src=https://www.google-analytics.com/collect?v=1&tid=1>",
        "<iframe src=\"https://googleads.g.doubleclick.net/pagead/ads\">", "<link rel=preconnect href=//ad.doubleclick.net>",
        "<meta http-equiv=refresh content=\"0;url=https://example.org\">", "<base href=/x/>", "<form action=https://example.org>",
        "<div class=\"adsbygoogle\" style=\"background:url(//ad.doubleclick.net/i.png)\">", "'", "\"", "=", " ", "\t", "\r\n",
        "/>", ">", "<!DOCTYPE html>", "<?xml?>", "</", "</p", "<p/", "<a b='c", "<a b=\"c", "<a b=c",
    ].map { Array($0.utf8) } + [[0], [0xC3], [0xE2, 0x82], [0xFF, 0xFE], [0xEF, 0xBB, 0xBF], [0xD8, 0xAE, 0xD8, 0xA7]]

    /// Pieces of the files spliced together with awkward markup between them.
    static func splices(of files: [GoldenInputs], count: Int) -> [GoldenInputs] {
        var random = SplitMix64(seed: 20)
        return (0..<count).map { index in
            var bytes: [UInt8] = []
            for _ in 0..<(2 + random.next(below: 4)) {
                let source = files[random.next(below: files.count)].bytes
                let length = min(source.count, 1 + random.next(below: 3_000))
                let start = random.next(below: source.count - length + 1)
                bytes += source[start..<(start + length)]
                for _ in 0..<random.next(below: 4) { bytes += awkward[random.next(below: awkward.count)] }
            }
            return GoldenInputs(name: "generated/splice-\(index).html", url: "https://www.loghatnameh.de/search?q=splice\(index)", bytes: bytes)
        }
    }
}

/// A small, fixed pseudo-random sequence (SplitMix64), the same everywhere.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }

    /// Pieces drawn from `pieces` and joined, `minimum` plus fewer than
    /// `bound` of them: the generated texts the byte shortcuts are checked
    /// on against their plain versions.
    mutating func text(from pieces: [String], fewerThan bound: Int, plus minimum: Int = 0) -> String {
        var text = ""
        for _ in 0..<(minimum + next(below: bound)) { text += pieces[next(below: pieces.count)] }
        return text
    }
}
