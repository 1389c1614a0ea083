// UTF-8 validation with vectors: the lookup-table method of Keiser and
// Lemire ("Validating UTF-8 In Less Than One Instruction Per Byte",
// Software: Practice and Experience, 2021), written here from the paper.
//
// Why here and not a library: the method's own library (simdutf) has no
// Debian 12 package (`apt-cache policy libsimdutf-dev` finds none; only a
// Rust crate's source), and vendoring a large C++ library for one function
// is more to keep than these lines. Why C: Swift's SIMD types compiled to
// byte loops (a Swift attempt cost 532 K instructions on the 58 KB page
// against the scalar scanner's 91 K); C intrinsics give pshufb directly.
//
// The method. Every error in UTF-8 shows in a pair of neighbouring bytes
// (a byte and the one before it), except two: a three- or four-byte
// sequence whose third or fourth byte is missing, and a continuation byte
// too many after such a sequence. The pairs are classified by three table
// lookups (pshufb, sixteen entries each): by the high nibble of the byte
// before, by its low nibble, and by the high nibble of the byte itself.
// Each table entry is a set of error kinds (one bit each) the nibble is
// compatible with; a pair is ill-formed exactly when the three sets share
// a kind (their AND is not zero). The remaining two errors are caught by
// one bit: "two continuations in a row" is a kind in the tables, and it is
// well-formed exactly where the byte two before is a lead of three or four
// bytes or the byte three before a lead of four; XOR with that expectation
// leaves the bit set where the two disagree.
//
// What the caller gets is not a yes or no but how far the bytes are known
// good (see CUTF8.h): the Swift scanner then reads on from there, so the
// offset of the first ill-formed byte is exactly the scanner's.
#include "CUTF8.h"

#if defined(__x86_64__)
#include <immintrin.h>

// The kinds of error, one bit each (two kinds share bit 6: both need a
// lead F_ before a continuation 8_, so sharing adds no false match).
enum {
    too_short = 0x01,       // a lead, then no continuation (ASCII or a lead)
    too_long = 0x02,        // ASCII, then a continuation
    overlong_three = 0x04,  // E0, then 80–9F: a code point below U+0800
    too_large = 0x08,       // F4, then 90–BF; F5–FF, then 90–BF: above U+10FFFF
    surrogate = 0x10,       // ED, then A0–BF: U+D800–DFFF
    overlong_two = 0x20,    // C0 or C1, then a continuation: below U+0080
    four_byte_8x = 0x40,    // F0, then 80–8F (below U+10000); F5–FF, then 80–8F
    two_continuations = 0x80,  // a continuation, then a continuation
};

// Kinds possible for any low nibble of the byte before.
#define ANY_LOW (too_short | too_long | two_continuations)

// By the high nibble of the byte before: what that kind of byte can be
// followed by wrongly.
#define BEFORE_HIGH                                                                              \
    too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long, /* 0_–7_ */  \
    two_continuations, two_continuations, two_continuations, two_continuations,    /* 8_–B_ */  \
    too_short | overlong_two,                                                       /* C_ */     \
    too_short,                                                                      /* D_ */     \
    too_short | overlong_three | surrogate,                                         /* E_ */     \
    too_short | too_large | four_byte_8x                                            /* F_ */

// By the low nibble of the byte before: which leads of the high-nibble
// rows it picks (C0/C1, E0, ED, F0, F4, F5–FF).
#define BEFORE_LOW                                                                   \
    ANY_LOW | overlong_two | overlong_three | four_byte_8x, /* _0: C0, E0, F0 */     \
    ANY_LOW | overlong_two,                                 /* _1: C1 */             \
    ANY_LOW, ANY_LOW,                                       /* _2, _3 */             \
    ANY_LOW | too_large,                                    /* _4: F4 */             \
    ANY_LOW | too_large | four_byte_8x,                     /* _5 */                 \
    ANY_LOW | too_large | four_byte_8x,                     /* _6 */                 \
    ANY_LOW | too_large | four_byte_8x,                     /* _7 */                 \
    ANY_LOW | too_large | four_byte_8x,                     /* _8 */                 \
    ANY_LOW | too_large | four_byte_8x,                     /* _9 */                 \
    ANY_LOW | too_large | four_byte_8x,                     /* _A */                 \
    ANY_LOW | too_large | four_byte_8x,                     /* _B */                 \
    ANY_LOW | too_large | four_byte_8x,                     /* _C */                 \
    ANY_LOW | too_large | four_byte_8x | surrogate,         /* _D: ED, FD */         \
    ANY_LOW | too_large | four_byte_8x,                     /* _E */                 \
    ANY_LOW | too_large | four_byte_8x                      /* _F */

// By the high nibble of the byte itself: which kinds it completes.
#define CURRENT_HIGH                                                                             \
    too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,      \
    too_long | two_continuations | overlong_two | overlong_three | four_byte_8x, /* 8_ */        \
    too_long | two_continuations | overlong_two | overlong_three | too_large,    /* 9_ */        \
    too_long | two_continuations | overlong_two | surrogate | too_large,        /* A_ */        \
    too_long | two_continuations | overlong_two | surrogate | too_large,        /* B_ */        \
    too_short, too_short, too_short, too_short                                  /* C_–F_ */

// pshufb's operands are signed chars: the tables as byte arrays.
static const uint8_t before_high_table[16] = {BEFORE_HIGH};
static const uint8_t before_low_table[16] = {BEFORE_LOW};
static const uint8_t current_high_table[16] = {CURRENT_HIGH};

// The start of the sequence that holds the byte just before `offset`,
// when everything before `offset` passed: at most three continuations
// back. The Swift scanner reads on from there, so a sequence cut by a
// vector's end (or found wrong in the next vector) is read whole.
static size_t sequence_start_before(const uint8_t *bytes, size_t offset) {
    if (offset == 0) return 0;
    size_t start = offset - 1;
    for (int step = 0; step < 3 && start > 0 && (bytes[start] & 0xC0) == 0x80; step++) start--;
    return start;
}

// 16 bytes a step. `previous` is the last vector read, for the bytes one,
// two and three before each byte (pairs that straddle two vectors).
__attribute__((target("ssse3"))) static size_t checked_prefix_ssse3(const uint8_t *bytes, size_t count) {
    const __m128i before_high = _mm_loadu_si128((const __m128i *)before_high_table);
    const __m128i before_low = _mm_loadu_si128((const __m128i *)before_low_table);
    const __m128i current_high = _mm_loadu_si128((const __m128i *)current_high_table);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    // A vector that ends in a lead whose sequence needs more bytes: its
    // last byte >= C0, or the one before >= E0, or the one before that >= F0.
    const __m128i incomplete_above = _mm_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, (char)0xEF, (char)0xDF, (char)0xBF);
    const __m128i zero = _mm_setzero_si128();
    __m128i previous = zero;
    size_t offset = 0;
    for (; offset + 16 <= count; offset += 16) {
        const __m128i input = _mm_loadu_si128((const __m128i *)(bytes + offset));
        __m128i error;
        if (_mm_movemask_epi8(input) == 0) {
            // All ASCII (most of a page's markup): wrong only if the vector
            // before left a sequence unfinished.
            error = _mm_subs_epu8(previous, incomplete_above);
        } else {
            const __m128i before1 = _mm_alignr_epi8(input, previous, 15);
            const __m128i pairs = _mm_and_si128(
                _mm_and_si128(_mm_shuffle_epi8(before_high, _mm_and_si128(_mm_srli_epi16(before1, 4), nibble)),
                              _mm_shuffle_epi8(before_low, _mm_and_si128(before1, nibble))),
                _mm_shuffle_epi8(current_high, _mm_and_si128(_mm_srli_epi16(input, 4), nibble)));
            // Where the byte two before is E0–FF or the one three before
            // F0–FF, this byte must be a continuation after a continuation:
            // the saturating subtraction leaves the top bit set exactly there.
            const __m128i before2 = _mm_alignr_epi8(input, previous, 14);
            const __m128i before3 = _mm_alignr_epi8(input, previous, 13);
            const __m128i expected = _mm_and_si128(
                _mm_or_si128(_mm_subs_epu8(before2, _mm_set1_epi8(0xE0 - 0x80)),
                             _mm_subs_epu8(before3, _mm_set1_epi8(0xF0 - 0x80))),
                _mm_set1_epi8((char)0x80));
            error = _mm_xor_si128(pairs, expected);
        }
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(error, zero)) != 0xFFFF) break;
        previous = input;
    }
    return sequence_start_before(bytes, offset);
}

// The bytes `n` before each byte of `input`, the first from `previous`:
// AVX2's alignr shifts within 128-bit lanes, so the lane pair that
// straddles the two vectors is made first.
#define BEFORE_AVX2(input, previous, n) \
    _mm256_alignr_epi8((input), _mm256_permute2x128_si256((previous), (input), 0x21), 16 - (n))

// 32 bytes a step: the SSSE3 steps in 256-bit registers. (Steps of 64,
// two vectors with one test for ASCII and one for errors, saved only 4%
// on the 58 KB page: 35.4 K -> 34.1 K instructions.)
__attribute__((target("avx2"))) static size_t checked_prefix_avx2(const uint8_t *bytes, size_t count) {
    const __m256i before_high = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)before_high_table));
    const __m256i before_low = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)before_low_table));
    const __m256i current_high = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)current_high_table));
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i incomplete_above = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, (char)0xEF, (char)0xDF, (char)0xBF);
    __m256i previous = _mm256_setzero_si256();
    size_t offset = 0;
    for (; offset + 32 <= count; offset += 32) {
        const __m256i input = _mm256_loadu_si256((const __m256i *)(bytes + offset));
        __m256i error;
        if (_mm256_movemask_epi8(input) == 0) {
            error = _mm256_subs_epu8(previous, incomplete_above);
        } else {
            const __m256i before1 = BEFORE_AVX2(input, previous, 1);
            const __m256i pairs = _mm256_and_si256(
                _mm256_and_si256(
                    _mm256_shuffle_epi8(before_high, _mm256_and_si256(_mm256_srli_epi16(before1, 4), nibble)),
                    _mm256_shuffle_epi8(before_low, _mm256_and_si256(before1, nibble))),
                _mm256_shuffle_epi8(current_high, _mm256_and_si256(_mm256_srli_epi16(input, 4), nibble)));
            const __m256i before2 = BEFORE_AVX2(input, previous, 2);
            const __m256i before3 = BEFORE_AVX2(input, previous, 3);
            const __m256i expected = _mm256_and_si256(
                _mm256_or_si256(_mm256_subs_epu8(before2, _mm256_set1_epi8(0xE0 - 0x80)),
                                _mm256_subs_epu8(before3, _mm256_set1_epi8(0xF0 - 0x80))),
                _mm256_set1_epi8((char)0x80));
            error = _mm256_xor_si256(pairs, expected);
        }
        if (!_mm256_testz_si256(error, error)) break;
        previous = input;
    }
    return sequence_start_before(bytes, offset);
}

int limot_utf8_best_vectors(void) {
    if (__builtin_cpu_supports("avx2")) return limot_utf8_vectors_avx2;
    if (__builtin_cpu_supports("ssse3")) return limot_utf8_vectors_ssse3;
    return limot_utf8_vectors_none;
}

size_t limot_utf8_checked_prefix_using(int vectors, const uint8_t *bytes, size_t count) {
    if (vectors > limot_utf8_best_vectors()) return 0;
    switch (vectors) {
    case limot_utf8_vectors_avx2: return checked_prefix_avx2(bytes, count);
    case limot_utf8_vectors_ssse3: return checked_prefix_ssse3(bytes, count);
    default: return 0;
    }
}

size_t limot_utf8_checked_prefix(const uint8_t *bytes, size_t count) {
    // Shorter than one vector: nothing to gain, the scanner reads it.
    if (count < 32) return 0;
    if (__builtin_cpu_supports("avx2")) return checked_prefix_avx2(bytes, count);
    if (__builtin_cpu_supports("ssse3")) return checked_prefix_ssse3(bytes, count);
    return 0;
}

#else  // Not x86-64: the Swift scanner reads everything.

int limot_utf8_best_vectors(void) { return limot_utf8_vectors_none; }

size_t limot_utf8_checked_prefix_using(int vectors, const uint8_t *bytes, size_t count) {
    (void)vectors, (void)bytes, (void)count;
    return 0;
}

size_t limot_utf8_checked_prefix(const uint8_t *bytes, size_t count) {
    (void)bytes, (void)count;
    return 0;
}
#endif
