import ContentRules

/// `srcset` (and `imagesrcset`): a comma-separated list of image candidates,
/// each a URL and an optional width or density descriptor.
enum Srcset {
    struct Candidate: Equatable {
        var url: String
        var descriptor: String
    }

    /// Splits a srcset as the HTML standard's parser does: URLs may contain
    /// commas (image CDNs put parameters there) unless they end with one, and
    /// descriptors end at a comma outside parentheses.
    static func parse(_ value: String) -> [Candidate] {
        let bytes = Array(value.utf8)
        var candidates: [Candidate] = []
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        while true {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
            guard index < bytes.count else { break }
            let urlStart = index
            while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
            var urlEnd = index
            var descriptor = ""
            if bytes[urlEnd - 1] == UInt8(ascii: ",") {
                while urlEnd > urlStart, bytes[urlEnd - 1] == UInt8(ascii: ",") { urlEnd -= 1 }
            } else {
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                let descriptorStart = index
                var inParentheses = false
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "(") { inParentheses = true }
                    if byte == UInt8(ascii: ")") { inParentheses = false }
                    if byte == UInt8(ascii: ","), !inParentheses { break }
                    index += 1
                }
                var descriptorEnd = index
                while descriptorEnd > descriptorStart, isSpace(bytes[descriptorEnd - 1]) { descriptorEnd -= 1 }
                descriptor = String(decoding: bytes[descriptorStart..<descriptorEnd], as: UTF8.self)
            }
            guard urlEnd > urlStart else { continue }
            candidates.append(Candidate(url: String(decoding: bytes[urlStart..<urlEnd], as: UTF8.self), descriptor: descriptor))
        }
        return candidates
    }

    /// The srcset with blocked candidates left out and the others routed
    /// through the proxy; `kept` of `total` candidates remain.
    static func rewrite(_ value: String, policy: inout ResourcePolicy) -> (value: String, kept: Int, total: Int) {
        var output = ""
        var kept = 0
        let candidates = parse(value)
        for candidate in candidates {
            let url: String
            switch policy.subresource(candidate.url, type: .image) {
            case .blocked: continue
            case .unchanged: url = candidate.url
            case .proxied(let path, _): url = path
            }
            if kept > 0 { output += ", " }
            output += url
            if !candidate.descriptor.isEmpty { output += " " + candidate.descriptor }
            kept += 1
        }
        return (output, kept, candidates.count)
    }
}
