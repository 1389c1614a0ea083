import ContentRules

/// A compact binary form of a sanitized page, so that the HTTP cache can keep
/// it beside the site's answer and a cached page is served without being
/// sanitized again. Little-endian lengths; every read is bounds-checked, and
/// anything malformed decodes to nil (the page is then sanitized afresh).
extension SanitizedDocument {
    /// The format's first bytes; a new layout gets a new magic.
    static let encodingMagic = Array("LSD1".utf8)

    public func encoded() -> [UInt8] {
        var out = Self.encodingMagic
        func integer(_ value: Int) {
            let value = UInt32(clamping: value)
            for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        func string(_ text: String) {
            integer(text.utf8.count)
            out += text.utf8
        }
        integer(segments.count)
        for segment in segments {
            switch segment {
            case .bytes(let bytes):
                out.append(0)
                integer(bytes.count)
                out += bytes
            case .nonce: out.append(1)
            case .headStart: out.append(2)
            case .bodyEnd: out.append(3)
            }
        }
        integer(blocked.count)
        for resource in blocked {
            string(resource.url)
            integer(Int(resource.type.rawValue))
            integer(resource.rules.count)
            resource.rules.forEach(string)
        }
        integer(hiddenSelectors.count)
        hiddenSelectors.forEach(string)
        let hosts = subresourceHosts.sorted()
        integer(hosts.count)
        hosts.forEach(string)
        out.append(title == nil ? 0 : 1)
        if let title { string(title) }
        return out
    }

    /// The document `encoded()` wrote, or nil for anything else.
    public init?(encoded bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        guard reader.take(Self.encodingMagic.count) == Self.encodingMagic[...], let segmentCount = reader.integer() else { return nil }
        var segments: [Segment] = []
        for _ in 0..<segmentCount {
            switch reader.byte() {
            case 0:
                guard let length = reader.integer(), let run = reader.take(length) else { return nil }
                segments.append(.bytes(Array(run)))
            case 1: segments.append(.nonce)
            case 2: segments.append(.headStart)
            case 3: segments.append(.bodyEnd)
            default: return nil
            }
        }
        guard let blockedCount = reader.integer() else { return nil }
        var blocked: [BlockedResource] = []
        for _ in 0..<blockedCount {
            guard let url = reader.string(), let type = reader.integer(), let ruleCount = reader.integer() else { return nil }
            var rules: [String] = []
            for _ in 0..<ruleCount {
                guard let rule = reader.string() else { return nil }
                rules.append(rule)
            }
            blocked.append(BlockedResource(url: url, type: ResourceTypes(rawValue: .init(truncatingIfNeeded: type)), rules: rules))
        }
        guard let selectors = reader.strings(), let hosts = reader.strings() else { return nil }
        var title: String?
        switch reader.byte() {
        case 0: break
        case 1:
            guard let text = reader.string() else { return nil }
            title = text
        default: return nil
        }
        guard reader.atEnd else { return nil }
        self.init(segments: segments, blocked: blocked, hiddenSelectors: selectors, subresourceHosts: Set(hosts))
        self.title = title
    }
}

/// Reads what `encoded()` wrote; nil past the end.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var atEnd: Bool { offset == bytes.count }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func byte() -> UInt8? { take(1)?.first }

    mutating func integer() -> Int? {
        guard let four = take(4) else { return nil }
        return four.reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func string() -> String? {
        guard let length = integer(), let run = take(length) else { return nil }
        return String(decoding: run, as: UTF8.self)
    }

    mutating func strings() -> [String]? {
        guard let count = integer(), count <= bytes.count else { return nil }
        var result: [String] = []
        for _ in 0..<count {
            guard let text = string() else { return nil }
            result.append(text)
        }
        return result
    }
}
