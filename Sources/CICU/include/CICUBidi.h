// The bidirectional algorithm of Debian's ICU (libicu-dev) behind a C API
// of plain types. ICU's own headers stay out of Swift's sight: Foundation
// carries its own ICU, and Swift refuses two modules that define UErrorCode
// and the rest differently.
#ifndef LIMOT_CICUBIDI_H
#define LIMOT_CICUBIDI_H
#include <stdint.h>

/// ICU's UBiDi: a paragraph with its levels resolved, or one line of it.
typedef struct limot_bidi limot_bidi;

limot_bidi *limot_bidi_open(void);
void limot_bidi_close(limot_bidi *bidi);

/// Resolves the levels of a right-to-left paragraph of UTF-16 text, which
/// must stay in place while its lines are written. Returns 0, or -1 when ICU fails.
int limot_bidi_set_right_to_left_paragraph(limot_bidi *paragraph, const uint16_t *text, int32_t length);

/// Writes the paragraph's UTF-16 units [start, limit) in display order into
/// `destination`: mirrored characters swapped in right-to-left runs,
/// combining marks after their base, nothing added or removed (so
/// limit - start units are room enough). `line` is a limot_bidi this call
/// may reuse. Returns the units written, or -1 when ICU fails.
int32_t limot_bidi_write_line(const limot_bidi *paragraph, limot_bidi *line, int32_t start, int32_t limit,
                              uint16_t *destination, int32_t capacity);
#endif
