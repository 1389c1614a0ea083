@testable import Fetch
import Testing

/// The first kilobyte is scanned in the page's own bytes (`ByteScanner`'s
/// limit): a declaration anywhere around the kilobyte's end reads as it
/// does in a copy of the first 1024 bytes, the reading before.
@Suite struct MetaCharsetLimitTests {
    @Test func aDeclarationAroundTheKilobytesEndReadsAsInACopy() {
        let declarations = [
            #"<meta charset="windows-1256">"#, "<meta charset=koi8-r>", "<META CHARSET = ' iso-8859-6 '>",
            #"<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-6">"#, "<!-- x --><meta charset='utf-8'>",
            "<!-- <meta charset=koi8-r> -->", "<div title='<meta charset=koi8-r>'>",
        ]
        var found = 0, cut = 0
        for declaration in declarations {
            let length = declaration.utf8.count
            for offset in [0, 100] + Array((1024 - length - 3)...1027) {
                let body = Array(String(repeating: " ", count: offset).utf8) + Array(declaration.utf8) + Array("<p>after</p>".utf8)
                let inPlace = CharsetSniffer.metaCharset(body)
                #expect(inPlace == CharsetSniffer.metaCharset(Array(body.prefix(1024))), "\(declaration) at \(offset)")
                if inPlace != nil { found += 1 }
                if inPlace != nil, offset + length > 1024 { cut += 1 }
            }
        }
        // Both whole declarations and ones the kilobyte's end cuts were read.
        #expect(found > 20 && cut > 5)
    }
}
