/// `<meta http-equiv="refresh" content="5; url=/next">`: a navigation
/// hidden in an attribute, parsed as the HTML standard's "shared declarative
/// refresh steps" do.
enum MetaRefresh {
    /// The byte range of the URL inside `content`; nil when there is none
    /// (a plain reload) or the content is not a refresh browsers would follow.
    static func urlRange(in content: String) -> Range<Int>? {
        let bytes = Array(content.utf8)
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        func skipSpaces() { while index < bytes.count, isSpace(bytes[index]) { index += 1 } }
        func lower(_ offset: Int) -> UInt8 {
            index + offset < bytes.count ? bytes[index + offset] | 0x20 : 0
        }
        skipSpaces()
        let timeStart = index
        while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        if index == timeStart, index < bytes.count, bytes[index] != UInt8(ascii: ".") { return nil }
        while index < bytes.count, (bytes[index] >= 0x30 && bytes[index] <= 0x39) || bytes[index] == UInt8(ascii: ".") { index += 1 }
        skipSpaces()
        guard index < bytes.count else { return nil }
        guard bytes[index] == UInt8(ascii: ";") || bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        skipSpaces()
        if lower(0) == UInt8(ascii: "u"), lower(1) == UInt8(ascii: "r"), lower(2) == UInt8(ascii: "l") {
            let afterKeyword = index + 3
            index = afterKeyword
            skipSpaces()
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipSpaces()
            } else {
                index = afterKeyword - 3
            }
        }
        var end = bytes.count
        if index < bytes.count, bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"") {
            let quote = bytes[index]
            index += 1
            if let close = bytes[index...].firstIndex(of: quote) { end = close }
        }
        while end > index, isSpace(bytes[end - 1]) { end -= 1 }
        return index < end ? index..<end : nil
    }

    /// `content` with its URL replaced.
    static func replacingURL(in content: String, range: Range<Int>, with url: String) -> String {
        let bytes = Array(content.utf8)
        return String(decoding: bytes[..<range.lowerBound], as: UTF8.self) + url
            + String(decoding: bytes[range.upperBound...], as: UTF8.self)
    }

    /// The URL text within `content`.
    static func url(in content: String, range: Range<Int>) -> String {
        String(decoding: Array(content.utf8)[range], as: UTF8.self)
    }
}
