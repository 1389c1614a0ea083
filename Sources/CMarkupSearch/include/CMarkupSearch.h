// Whole-page searches the sanitizer makes before it tokenizes, with
// vectors as wide as the CPU has (chosen at run time). See
// mentions_base.c for why these are C.
#ifndef LIMOT_CMARKUPSEARCH_H
#define LIMOT_CMARKUPSEARCH_H
#include <stddef.h>
#include <stdint.h>

/// The ways `limot_mentions_base_using` can read (tests compare each).
enum limot_markup_vectors {
    /// A byte at a time: every CPU.
    limot_markup_vectors_none = 0,
    /// 16 bytes a compare (SSE2, every x86-64).
    limot_markup_vectors_sse2 = 1,
    /// 32 bytes a compare (AVX2).
    limot_markup_vectors_avx2 = 2,
};

/// The widest of `limot_markup_vectors` this CPU runs.
int limot_markup_best_vectors(void);

/// 1 when the text `<base` occurs in `bytes[0, count)`, its letters in any
/// ASCII case (`<BASE`, `<bAsE`); 0 otherwise. Uses the widest vectors
/// this CPU has.
int limot_mentions_base(const uint8_t *bytes, size_t count);

/// `limot_mentions_base` read the given way; -1 for vectors the CPU lacks.
int limot_mentions_base_using(int vectors, const uint8_t *bytes, size_t count);
#endif
