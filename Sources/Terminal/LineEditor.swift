#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A prompt with line editing and history for `limot lookup` without a word:
/// arrows, Home/End, Backspace/Delete, Ctrl-A/E/U/K/W, Up/Down through
/// earlier queries; Ctrl-C drops the line, Ctrl-D on an empty line ends.
///
/// Only for a terminal: the terminal is put in raw mode while a line is
/// read and restored before `readLine` returns, whatever happens.
public final class LineEditor {
    public let prompt: String
    private(set) var history: [String]
    private let input: Int32 = 0
    private let output: Int32 = 1

    public init(prompt: String, history: [String]) {
        self.prompt = prompt
        self.history = history
    }

    /// Whether standard input and output are both terminals.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// The next line, or nil at the end (Ctrl-D on an empty line, or input closed).
    public func readLine() -> String? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return Swift.readLine() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSAFLUSH, &raw)
        defer {
            tcsetattr(input, TCSAFLUSH, &saved)
            emit("\r\n")
        }
        return edit()
    }

    /// Keeps a line for Up/Down (not twice in a row, not blank).
    public func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), history.last != line else { return }
        history.append(line)
    }

    private func edit() -> String? {
        var line: [Character] = []
        var cursor = 0
        var historyIndex = history.count
        var draft: [Character] = []
        redraw(line, cursor)
        while let key = readKey() {
            switch key {
            case .enter:
                return String(line)
            case .endOfInput:
                if line.isEmpty { return nil }
                if cursor < line.count { line.remove(at: cursor) }
            case .interrupt:
                emit("^C\r\n")
                (line, cursor, historyIndex) = ([], 0, history.count)
            case .character(let character):
                line.insert(character, at: cursor)
                cursor += 1
            case .backspace:
                if cursor > 0 {
                    line.remove(at: cursor - 1)
                    cursor -= 1
                }
            case .delete:
                if cursor < line.count { line.remove(at: cursor) }
            case .left: cursor = max(0, cursor - 1)
            case .right: cursor = min(line.count, cursor + 1)
            case .home: cursor = 0
            case .end: cursor = line.count
            case .killToStart:
                line.removeFirst(cursor)
                cursor = 0
            case .killToEnd:
                line.removeLast(line.count - cursor)
            case .deleteWord:
                var start = cursor
                while start > 0, line[start - 1] == " " { start -= 1 }
                while start > 0, line[start - 1] != " " { start -= 1 }
                line.removeSubrange(start..<cursor)
                cursor = start
            case .up, .down:
                if historyIndex == history.count { draft = line }
                historyIndex = key == .up ? max(0, historyIndex - 1) : min(history.count, historyIndex + 1)
                line = historyIndex == history.count ? draft : Array(history[historyIndex])
                cursor = line.count
            case .other:
                break
            }
            redraw(line, cursor)
        }
        return line.isEmpty ? nil : String(line)
    }

    private func redraw(_ line: [Character], _ cursor: Int) {
        let column = TerminalText.width(prompt) + TerminalText.width(String(line[..<cursor]))
        emit("\r" + prompt + String(line) + "\u{1B}[K\r" + (column > 0 ? "\u{1B}[\(column)C" : ""))
    }

    private func emit(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    // MARK: Keys

    private enum Key: Equatable {
        case character(Character)
        case enter, endOfInput, interrupt, backspace, delete, left, right, up, down, home, end
        case killToStart, killToEnd, deleteWord, other
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    private func readKey() -> Key? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x04: return .endOfInput
        case 0x03: return .interrupt
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x10: return .up
        case 0x0E: return .down
        case 0x15: return .killToStart
        case 0x0B: return .killToEnd
        case 0x17: return .deleteWord
        case 0x1B: return readEscape()
        case 0x00..<0x20: return .other
        default: return readCharacter(startingWith: byte)
        }
    }

    /// `ESC [ A`…, `ESC [ 3 ~`, `ESC O H`…
    private func readEscape() -> Key {
        guard let introducer = readByte(), introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return .other }
        var parameter = ""
        while let byte = readByte() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ";"):
                parameter.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            case UInt8(ascii: "~"):
                switch parameter {
                case "1", "7": return .home
                case "4", "8": return .end
                case "3": return .delete
                default: return .other
                }
            default: return .other
            }
        }
        return .other
    }

    /// One UTF-8 character (its continuation bytes follow at once); invalid bytes are dropped.
    private func readCharacter(startingWith first: UInt8) -> Key {
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        var bytes = [first]
        while bytes.count < length, let next = readByte() { bytes.append(next) }
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else { return .other }
        return .character(character)
    }
}
