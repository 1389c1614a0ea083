import BenchmarkPages
import Foundation
import Sanitize

/// The sanitizer alone, for callgrind: instruction counts are repeatable on a
/// shared machine where timings are not. Sanitizes one page (or the fixture
/// pages), and everything inside `measuredWork` is what
/// `profile_sanitize.sh` counts. With `print`, writes the rendered output
/// instead (fixed nonce, theme and bar), to `cmp` a change against main's.
///
///     SanitizeProfile 100k|1m|fixtures|FILE [print]
let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let arguments = CommandLine.arguments.dropFirst()
guard let which = arguments.first, arguments.count <= 2, arguments.count == 1 || arguments.last == "print" else {
    FileHandle.standardError.write(Data("usage: SanitizeProfile 100k|1m|fixtures|FILE [print]\n".utf8))
    exit(2)
}
let pages: [[UInt8]]
switch which {
case "100k": pages = [DictionaryPage.make(repository: repository, targetBytes: 100_000)]
case "1m": pages = [DictionaryPage.make(repository: repository, targetBytes: 1_000_000)]
case "fixtures": pages = FixtureResultPages.load(repository: repository)
default:
    guard let bytes = FileManager.default.contents(atPath: which) else {
        FileHandle.standardError.write(Data("SanitizeProfile: cannot read \(which)\n".utf8))
        exit(1)
    }
    pages = [Array(bytes)]
}
let context = DictionaryContext.make(repository: repository)

/// Everything callgrind counts (`--toggle-collect`); not inlined, so that
/// the name stays in the binary.
@inline(never)
func measuredWork(_ pages: [[UInt8]], context: SanitizeContext) -> [SanitizedDocument] {
    pages.map { HTMLSanitizer.sanitize($0, context: context) }
}

// Once before counting, as in a server that has run a while: the rules engine
// builds parts of its automata on first use (RE2's DFA states) and keeps them
// for its life. Each page's own memo starts empty both times.
for page in pages { _ = HTMLSanitizer.sanitize(page, context: context) }
let documents = measuredWork(pages, context: context)
if arguments.last == "print" {
    for document in documents {
        FileHandle.standardOutput.write(Data(document.render(nonce: "0123456789abcdef0123456789abcdef", headStart: "<style></style>", bodyEnd: "<nav></nav>")))
    }
}
