import CICU

/// Display order for right-to-left paragraphs on a terminal that puts
/// characters left to right as they come: ICU's implementation of the
/// Unicode bidirectional algorithm (UAX #9), which knows every character's
/// class, numbers after Persian and after Latin letters, bracket pairs and
/// mirrored glyphs, rather than a reduced copy of it.
enum VisualOrder {
    /// The lines of one right-to-left paragraph (its text cut at spaces by
    /// `TerminalText.wrap`), each in display order. As UAX #9 says, levels
    /// are resolved over the whole paragraph and each line is then
    /// reordered on its own (rules L1–L4), so a line reads the same whether
    /// or not the paragraph was wrapped before it. Mirrored characters
    /// (brackets, guillemets) are swapped in right-to-left runs; combining
    /// marks stay after their base letter, as a terminal draws them; the
    /// zero-width non-joiner and other format characters are kept in place.
    ///
    /// ICU fails here only when it cannot allocate memory; the lines are
    /// then returned in logical order, which is still all the text.
    static func rightToLeft(_ lines: [String]) -> [String] {
        let paragraph = Array(lines.joined(separator: " ").utf16)
        guard !paragraph.isEmpty, let paragraphBidi = limot_bidi_open(), let lineBidi = limot_bidi_open() else { return lines }
        defer {
            limot_bidi_close(lineBidi)
            limot_bidi_close(paragraphBidi)
        }
        return paragraph.withUnsafeBufferPointer { text in
            guard limot_bidi_set_right_to_left_paragraph(paragraphBidi, text.baseAddress, Int32(text.count)) == 0 else { return lines }
            var start = 0
            return lines.map { line in
                let limit = start + line.utf16.count
                defer { start = limit + 1 }  // past the space the paragraph has between two lines
                guard limit > start else { return line }
                var failed = false
                let units = [UInt16](unsafeUninitializedCapacity: limit - start) { buffer, count in
                    let written = limot_bidi_write_line(paragraphBidi, lineBidi, Int32(start), Int32(limit), buffer.baseAddress, Int32(buffer.count))
                    failed = written < 0
                    count = failed ? 0 : min(Int(written), buffer.count)
                }
                return failed ? line : String(decoding: units, as: UTF16.self)
            }
        }
    }
}
