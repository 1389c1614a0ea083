import NIOCore
import Sanitize

/// A sanitized page's response body, written once into the buffer the
/// server sends: the document's segments with the response's nonce, head
/// and bar in their holes, into a buffer allocated at its final size. The
/// bar comes as bytes (`Exchange.barBytes`). (The
/// sanitizer's `render` makes an array, which the server would then copy.)
enum PageBody {
    static func render(_ document: SanitizedDocument, nonce: String, head: PageHeads.Head, bodyEnd: [UInt8]) -> ByteBuffer {
        let headBytes = head.beforeNonce.utf8.count + nonce.utf8.count + head.afterNonce.utf8.count
        var size = 0
        for segment in document.segments {
            switch segment {
            case .bytes(let bytes): size += bytes.count
            case .nonce: size += nonce.utf8.count
            case .headStart: size += headBytes
            case .bodyEnd: size += bodyEnd.count
            }
        }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        for segment in document.segments {
            switch segment {
            case .bytes(let bytes): buffer.writeBytes(bytes)
            case .nonce: buffer.writeString(nonce)
            case .headStart:
                buffer.writeString(head.beforeNonce)
                buffer.writeString(nonce)
                buffer.writeString(head.afterNonce)
            case .bodyEnd: buffer.writeBytes(bodyEnd)
            }
        }
        return buffer
    }
}
