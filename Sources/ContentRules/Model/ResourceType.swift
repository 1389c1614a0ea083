/// The kinds of load WebKit distinguishes in a trigger's `resource-type`.
///
/// A set, because a trigger names several and the JSON name `document` stands
/// for both top and child documents.
public struct ResourceTypes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let topDocument = ResourceTypes(rawValue: 1 << 0)
    public static let childDocument = ResourceTypes(rawValue: 1 << 1)
    public static let image = ResourceTypes(rawValue: 1 << 2)
    public static let styleSheet = ResourceTypes(rawValue: 1 << 3)
    public static let script = ResourceTypes(rawValue: 1 << 4)
    public static let font = ResourceTypes(rawValue: 1 << 5)
    public static let svgDocument = ResourceTypes(rawValue: 1 << 6)
    public static let media = ResourceTypes(rawValue: 1 << 7)
    public static let popup = ResourceTypes(rawValue: 1 << 8)
    public static let ping = ResourceTypes(rawValue: 1 << 9)
    public static let fetch = ResourceTypes(rawValue: 1 << 10)
    public static let websocket = ResourceTypes(rawValue: 1 << 11)
    public static let other = ResourceTypes(rawValue: 1 << 12)
    public static let cspReport = ResourceTypes(rawValue: 1 << 13)

    public static let document: ResourceTypes = [.topDocument, .childDocument]
    /// WebKit's legacy `raw`: loads that are not documents or typed subresources.
    public static let raw: ResourceTypes = [.fetch, .websocket, .other, .ping]
    public static let all = ResourceTypes(rawValue: (1 << 14) - 1)

    /// The names a trigger's `resource-type` array accepts, in WebKit's spelling.
    public static let triggerNames: [(name: String, types: ResourceTypes)] = [
        ("document", .document), ("top-document", .topDocument), ("child-document", .childDocument),
        ("image", .image), ("style-sheet", .styleSheet), ("script", .script), ("font", .font),
        ("raw", .raw), ("svg-document", .svgDocument), ("media", .media), ("popup", .popup),
        ("ping", .ping), ("fetch", .fetch), ("websocket", .websocket),
        // As in WebKit, `other` in a trigger also covers pings and CSP reports.
        ("other", [.other, .ping, .cspReport]), ("csp-report", .cspReport),
    ]

    /// Parses one `resource-type` entry of a trigger.
    public init?(triggerName: String) {
        guard let entry = Self.triggerNames.first(where: { $0.name == triggerName }) else { return nil }
        self = entry.types
    }

    /// The single type of a request, named as in a request line of
    /// `limot rules match` (`document` means the top document, as in WebKit's
    /// newest versions). adblock-rust's (Chromium webRequest) type names are
    /// accepted too, so its request corpora can be fed in unchanged.
    public init?(requestName: String) {
        switch requestName {
        case "document", "top-document", "main_frame", "main-frame": self = .topDocument
        case "child-document", "subdocument", "sub_frame", "sub-frame": self = .childDocument
        case "style-sheet", "stylesheet": self = .styleSheet
        case "image", "imageset": self = .image
        case "fetch", "xhr", "xmlhttprequest": self = .fetch
        case "media", "video", "audio": self = .media
        case "ping", "beacon": self = .ping
        case "csp-report", "csp_report": self = .cspReport
        case "raw", "other", "object", "object_subrequest": self = .other
        default:
            guard let entry = Self.triggerNames.first(where: { $0.name == requestName }),
                entry.types.rawValue.nonzeroBitCount == 1
            else { return nil }
            self = entry.types
        }
    }

    /// The WebKit names of the single types in this set, for output.
    public var names: [String] {
        let singles: [(String, ResourceTypes)] = [
            ("top-document", .topDocument), ("child-document", .childDocument), ("image", .image),
            ("style-sheet", .styleSheet), ("script", .script), ("font", .font),
            ("svg-document", .svgDocument), ("media", .media), ("popup", .popup), ("ping", .ping),
            ("fetch", .fetch), ("websocket", .websocket), ("other", .other), ("csp-report", .cspReport),
        ]
        return singles.filter { contains($0.1) }.map(\.0)
    }
}

/// First- or third-party, by registrable domain of the resource against the page.
public struct LoadTypes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let firstParty = LoadTypes(rawValue: 1)
    public static let thirdParty = LoadTypes(rawValue: 2)
    public static let all: LoadTypes = [.firstParty, .thirdParty]

    public init?(triggerName: String) {
        switch triggerName {
        case "first-party": self = .firstParty
        case "third-party": self = .thirdParty
        default: return nil
        }
    }
}

/// Whether the load happens in the top frame or in a child frame (iframe).
public struct LoadContexts: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let topFrame = LoadContexts(rawValue: 1)
    public static let childFrame = LoadContexts(rawValue: 2)
    public static let all: LoadContexts = [.topFrame, .childFrame]

    public init?(triggerName: String) {
        switch triggerName {
        case "top-frame": self = .topFrame
        case "child-frame": self = .childFrame
        default: return nil
        }
    }
}

/// The HTTP method a trigger's `request-method` names.
public enum RequestMethod: String, Sendable, Hashable, CaseIterable {
    case get, head, options, trace, put, delete, post, patch, connect

    /// Parses a method name as a trigger spells it (lower case).
    public init?(triggerName: String) {
        self.init(rawValue: triggerName)
    }

    /// Parses a method as an HTTP request carries it (any case).
    public init?(httpMethod: String) {
        self.init(rawValue: httpMethod.lowercased())
    }
}
