/// Rule lists in the compiled rule cache's compact binary form: each rule's
/// trigger and action as tagged fields and length-prefixed UTF-8, so that a
/// second start neither parses JSON nor converts AdBlock lists again.
///
/// Decoding checks every tag and count (`BinaryReader`); a value the format
/// does not allow throws `BinaryReader.Damaged`.
enum RuleListCoding {
    static func encode(_ lists: [RuleList], into writer: inout BinaryWriter) {
        writer.writeVarint(lists.count)
        for list in lists {
            writer.write(list.source)
            writer.writeVarint(list.declaredRuleCount)
            writer.writeVarint(list.rules.count)
            for rule in list.rules { encode(rule, into: &writer) }
        }
    }

    static func decode(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> [RuleList] {
        let count = try reader.readCount()
        var lists: [RuleList] = []
        for _ in 0..<count {
            let source = try reader.readString()
            let declared = try reader.readVarint()
            let ruleCount = try reader.readCount()
            var rules: [Rule] = []
            rules.reserveCapacity(ruleCount)
            for _ in 0..<ruleCount { rules.append(try decodeRule(from: &reader)) }
            lists.append(RuleList(source: source, rules: rules, declaredRuleCount: declared))
        }
        return lists
    }

    // MARK: Rules and triggers

    private enum TriggerFlag {
        static let urlFilterIsCaseSensitive: UInt8 = 1, topURLFilterIsCaseSensitive: UInt8 = 2
        static let frameURLFilterIsCaseSensitive: UInt8 = 4, hasCondition: UInt8 = 8
        static let all: UInt8 = 15
    }

    private static func encode(_ rule: Rule, into writer: inout BinaryWriter) {
        writer.writeVarint(rule.index)
        writer.writeVarint(rule.line.map { $0 + 1 } ?? 0)
        let trigger = rule.trigger
        writer.write(trigger.urlFilter)
        var flags: UInt8 = 0
        if trigger.urlFilterIsCaseSensitive { flags |= TriggerFlag.urlFilterIsCaseSensitive }
        if trigger.topURLFilterIsCaseSensitive { flags |= TriggerFlag.topURLFilterIsCaseSensitive }
        if trigger.frameURLFilterIsCaseSensitive { flags |= TriggerFlag.frameURLFilterIsCaseSensitive }
        if trigger.condition != nil { flags |= TriggerFlag.hasCondition }
        writer.write(flags)
        writer.writeVarint(Int(trigger.resourceTypes.rawValue))
        writer.write(trigger.loadTypes.rawValue)
        writer.write(trigger.loadContexts.rawValue)
        writer.write(UInt8(trigger.requestMethod.map { RequestMethod.allCases.firstIndex(of: $0)! + 1 } ?? 0))
        if let condition = trigger.condition {
            writer.write(UInt8(Condition.Kind.allCases.firstIndex(of: condition.kind)!))
            writer.write(condition.values)
        }
        encode(rule.action, into: &writer)
    }

    private static func decodeRule(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> Rule {
        let index = try reader.readVarint()
        let line = try reader.readVarint()
        var trigger = Trigger(urlFilter: try reader.readString())
        let flags: UInt8 = try reader.read()
        guard flags & ~TriggerFlag.all == 0 else { throw damaged(reader, "trigger flags \(flags)") }
        trigger.urlFilterIsCaseSensitive = flags & TriggerFlag.urlFilterIsCaseSensitive != 0
        trigger.topURLFilterIsCaseSensitive = flags & TriggerFlag.topURLFilterIsCaseSensitive != 0
        trigger.frameURLFilterIsCaseSensitive = flags & TriggerFlag.frameURLFilterIsCaseSensitive != 0
        let types = try reader.readVarint()
        guard types <= Int(ResourceTypes.all.rawValue) else { throw damaged(reader, "resource types \(types)") }
        trigger.resourceTypes = ResourceTypes(rawValue: UInt32(types))
        trigger.loadTypes = LoadTypes(rawValue: try reader.read())
        trigger.loadContexts = LoadContexts(rawValue: try reader.read())
        guard LoadTypes.all.isSuperset(of: trigger.loadTypes), LoadContexts.all.isSuperset(of: trigger.loadContexts) else {
            throw damaged(reader, "load types or contexts")
        }
        let method = Int(try reader.read(UInt8.self))
        guard method <= RequestMethod.allCases.count else { throw damaged(reader, "request method \(method)") }
        trigger.requestMethod = method == 0 ? nil : RequestMethod.allCases[method - 1]
        if flags & TriggerFlag.hasCondition != 0 {
            let kind = Int(try reader.read(UInt8.self))
            guard kind < Condition.Kind.allCases.count else { throw damaged(reader, "condition kind \(kind)") }
            trigger.condition = Condition(kind: Condition.Kind.allCases[kind], values: try reader.readStrings())
        }
        return Rule(trigger: trigger, action: try decodeAction(from: &reader), index: index, line: line == 0 ? nil : line - 1)
    }

    private static func damaged(_ reader: BinaryReader, _ what: String) -> BinaryReader.Damaged {
        BinaryReader.Damaged(offset: reader.offset, reason: "unknown \(what)")
    }

    // MARK: Actions

    private static func encode(_ action: Action, into writer: inout BinaryWriter) {
        switch action {
        case .block: writer.write(UInt8(0))
        case .blockCookies: writer.write(UInt8(1))
        case .cssDisplayNone(let selector):
            writer.write(UInt8(2))
            writer.write(selector)
        case .ignorePreviousRules: writer.write(UInt8(3))
        case .ignoreFollowingRules: writer.write(UInt8(4))
        case .makeHTTPS: writer.write(UInt8(5))
        case .notify(let text):
            writer.write(UInt8(6))
            writer.write(text)
        case .redirect(let redirect):
            writer.write(UInt8(7))
            encode(redirect, into: &writer)
        case .modifyHeaders(let headers):
            writer.write(UInt8(8))
            writer.write(Int64(headers.priority))
            encode(headers.requestHeaders, into: &writer)
            encode(headers.responseHeaders, into: &writer)
        }
    }

    private static func decodeAction(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> Action {
        switch try reader.read(UInt8.self) {
        case 0: return .block
        case 1: return .blockCookies
        case 2: return .cssDisplayNone(selector: try reader.readString())
        case 3: return .ignorePreviousRules
        case 4: return .ignoreFollowingRules
        case 5: return .makeHTTPS
        case 6: return .notify(notification: try reader.readString())
        case 7: return .redirect(try decodeRedirect(from: &reader))
        case 8:
            let priority = Int(try reader.read(Int64.self))
            return .modifyHeaders(ModifyHeaders(priority: priority, requestHeaders: try decodeOperations(from: &reader),
                                                 responseHeaders: try decodeOperations(from: &reader)))
        case let tag: throw damaged(reader, "action \(tag)")
        }
    }

    private static func encode(_ redirect: Redirect, into writer: inout BinaryWriter) {
        switch redirect {
        case .extensionPath(let path):
            writer.write(UInt8(0))
            writer.write(path)
        case .regexSubstitution(let substitution):
            writer.write(UInt8(1))
            writer.write(substitution)
        case .url(let url):
            writer.write(UInt8(2))
            writer.write(url)
        case .transform(let transform):
            writer.write(UInt8(3))
            for part in [transform.fragment, transform.host, transform.password, transform.path, transform.port,
                         transform.scheme, transform.username, transform.query] {
                writer.write(optional: part)
            }
            writer.write(UInt8(transform.queryTransform == nil ? 0 : 1))
            if let query = transform.queryTransform {
                writer.write(query.removeParameters)
                writer.writeVarint(query.addOrReplaceParameters.count)
                for parameter in query.addOrReplaceParameters {
                    writer.write(parameter.key)
                    writer.write(parameter.value)
                    writer.write(UInt8(parameter.replaceOnly ? 1 : 0))
                }
            }
        }
    }

    private static func decodeRedirect(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> Redirect {
        switch try reader.read(UInt8.self) {
        case 0: return .extensionPath(try reader.readString())
        case 1: return .regexSubstitution(try reader.readString())
        case 2: return .url(try reader.readString())
        case 3:
            var transform = URLTransform()
            transform.fragment = try reader.readOptionalString()
            transform.host = try reader.readOptionalString()
            transform.password = try reader.readOptionalString()
            transform.path = try reader.readOptionalString()
            transform.port = try reader.readOptionalString()
            transform.scheme = try reader.readOptionalString()
            transform.username = try reader.readOptionalString()
            transform.query = try reader.readOptionalString()
            if try reader.read(UInt8.self) != 0 {
                var query = QueryTransform()
                query.removeParameters = try reader.readStrings()
                let count = try reader.readCount()
                for _ in 0..<count {
                    let key = try reader.readString(), value = try reader.readString()
                    query.addOrReplaceParameters.append(.init(key: key, value: value, replaceOnly: try reader.read(UInt8.self) != 0))
                }
                transform.queryTransform = query
            }
            return .transform(transform)
        case let tag: throw damaged(reader, "redirect \(tag)")
        }
    }

    private static func encode(_ operations: [ModifyHeaders.Operation], into writer: inout BinaryWriter) {
        writer.writeVarint(operations.count)
        for operation in operations {
            writer.write(UInt8(operation.kind == .set ? 0 : operation.kind == .append ? 1 : 2))
            writer.write(operation.header)
            writer.write(optional: operation.value)
        }
    }

    private static func decodeOperations(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> [ModifyHeaders.Operation] {
        let count = try reader.readCount()
        var operations: [ModifyHeaders.Operation] = []
        for _ in 0..<count {
            let kind: ModifyHeaders.Operation.Kind
            switch try reader.read(UInt8.self) {
            case 0: kind = .set
            case 1: kind = .append
            case 2: kind = .remove
            case let tag: throw damaged(reader, "header operation \(tag)")
            }
            operations.append(.init(kind: kind, header: try reader.readString(), value: try reader.readOptionalString()))
        }
        return operations
    }
}
