/// A parsed JSON value that remembers where it started in the source, so that
/// diagnostics can point at the line of a rule in a large list.
///
/// limot parses rule lists itself rather than through Foundation: it needs
/// source positions, object keys in their original order, and speed on lists
/// of 150,000 rules.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// Elements, the line the array starts on, and each element's line.
    case array([JSONValue], line: Int, elementLines: [Int])
    case object(JSONObject)

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements, _, _) = self { return elements }
        return nil
    }

    /// The line of each element, when this is an array.
    public var elementLines: [Int]? {
        if case .array(_, _, let lines) = self { return lines }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// A short name for the kind of value, for messages ("a string", "an array").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object: its members in source order, and the line it starts on.
public struct JSONObject: Sendable, Equatable {
    public var members: [(key: String, value: JSONValue)]
    public var line: Int
    /// The line each member's value starts on, parallel to `members`.
    public var memberLines: [Int]

    public init(members: [(key: String, value: JSONValue)], line: Int, memberLines: [Int]? = nil) {
        self.members = members
        self.line = line
        self.memberLines = memberLines ?? Array(repeating: line, count: members.count)
    }

    /// The line where the value of `key` starts (the last one, when repeated).
    public func line(of key: String) -> Int? {
        for (index, member) in members.enumerated().reversed() where member.key == key { return memberLines[index] }
        return nil
    }

    /// The value of `key`; when a key repeats, the last one wins, as in WebKit's JSON parser.
    public subscript(key: String) -> JSONValue? {
        for member in members.reversed() where member.key == key { return member.value }
        return nil
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.line == rhs.line && lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
