/// Actions in the compiled rule cache's binary form (`EngineCoding` writes
/// each list's actions with it): a tag and the action's strings,
/// length-prefixed.
///
/// Decoding checks every tag and count (`BinaryReader`); a value the format
/// does not allow throws `BinaryReader.Damaged`.
enum ActionCoding {
    static func encode(_ action: Action, into writer: inout BinaryWriter) {
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

    static func decode(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> Action {
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

    private static func damaged(_ reader: BinaryReader, _ what: String) -> BinaryReader.Damaged {
        BinaryReader.Damaged(offset: reader.offset, reason: "unknown \(what)")
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
