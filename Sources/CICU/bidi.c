#include "CICUBidi.h"
#include <unicode/ubidi.h>

// ICU renames its C symbols with its version (unicode/urename.h), so the
// calls below bind to whichever ICU the system has.

limot_bidi *limot_bidi_open(void) {
    return (limot_bidi *)ubidi_open();
}

void limot_bidi_close(limot_bidi *bidi) {
    ubidi_close((UBiDi *)bidi);
}

int limot_bidi_set_right_to_left_paragraph(limot_bidi *paragraph, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setPara((UBiDi *)paragraph, (const UChar *)text, length, 1 /* UAX #9 level 1: right to left */, NULL, &status);
    return U_FAILURE(status) ? -1 : 0;
}

int32_t limot_bidi_write_line(const limot_bidi *paragraph, limot_bidi *line, int32_t start, int32_t limit,
                              uint16_t *destination, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setLine((const UBiDi *)paragraph, start, limit, (UBiDi *)line, &status);
    // Not UBIDI_REMOVE_BIDI_CONTROLS: ICU counts the zero-width non-joiner
    // among them, and Persian needs it kept.
    int32_t written = ubidi_writeReordered((UBiDi *)line, (UChar *)destination, capacity,
                                           UBIDI_DO_MIRRORING | UBIDI_KEEP_BASE_COMBINING, &status);
    return U_FAILURE(status) ? -1 : written;
}
