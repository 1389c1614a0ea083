import NIOCore
import Sanitize

extension SanitizedDocument {
    /// `render(nonce:headStart:bodyEnd:)` straight into the buffer the server
    /// sends, without an intermediate array: pages are large and frequent.
    func renderBuffer(nonce: String, headStart: String, bodyEnd: String) -> ByteBuffer {
        var size = 0
        for segment in segments {
            switch segment {
            case .bytes(let bytes): size += bytes.count
            case .nonce: size += nonce.utf8.count
            case .headStart: size += headStart.utf8.count
            case .bodyEnd: size += bodyEnd.utf8.count
            }
        }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        for segment in segments {
            switch segment {
            case .bytes(let bytes): buffer.writeBytes(bytes)
            case .nonce: buffer.writeString(nonce)
            case .headStart: buffer.writeString(headStart)
            case .bodyEnd: buffer.writeString(bodyEnd)
            }
        }
        return buffer
    }
}
