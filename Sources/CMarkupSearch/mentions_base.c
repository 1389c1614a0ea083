// Whether a page mentions `<base` (any case), asked of every page before
// it is tokenized: only a page that does is read once more for its
// `<base href>` (Sanitize's BaseElement). The scan reads every byte of
// every page, so it is worth the widest vectors the CPU has; Swift's SIMD
// types give SSE2 only (no run-time choice of AVX2), where this scan cost
// about 21 instructions each 64 bytes (2.2% of the fixture pages' sanitize,
// issue 20). C intrinsics with `target` attributes give AVX2 where the CPU
// has it, as Sources/CUTF8 does for the UTF-8 check.
//
// The method: a step compares each byte with `<` and the byte after it,
// with 0x20 set (ASCII lower case), with `b`; the four vectors' results
// are or-ed and tested once. Pages have few `<b` (`<b>`, `<br>`,
// `<body>`): only a step that has one reads its pairs again, as a bit
// mask, and checks the three letters after each in place. The last bytes
// that do not fill a step are copied into a step of zeros and read the
// same way (a zero is no letter, so no match reaches into them).
#include "CMarkupSearch.h"
#include <string.h>

// Whether `<b` at `index` (known) goes on `ase`, any case, within `count`.
static inline int base_follows(const uint8_t *bytes, size_t count, size_t index) {
    return index + 5 <= count && (bytes[index + 2] | 0x20) == 'a' && (bytes[index + 3] | 0x20) == 's'
        && (bytes[index + 4] | 0x20) == 'e';
}

// Whether a bit of `mask` stands for a `<base` starting at `index` plus its position.
static inline int base_at_bits(const uint8_t *bytes, size_t count, size_t index, uint64_t mask) {
    while (mask != 0) {
        if (base_follows(bytes, count, index + (size_t)__builtin_ctzll(mask))) return 1;
        mask &= mask - 1;
    }
    return 0;
}

// A byte at a time: the plain reading, and the other CPUs'.
static int mentions_base_bytes(const uint8_t *bytes, size_t count) {
    for (size_t index = 0; index + 5 <= count; index++) {
        if (bytes[index] == '<' && (bytes[index + 1] | 0x20) == 'b' && base_follows(bytes, count, index)) return 1;
    }
    return 0;
}

#if defined(__x86_64__)
#include <immintrin.h>

// One step reads `STEP` bytes and the byte after them: pairs starting at
// index..<index + STEP. Its tail is read from a copy of this many bytes.
#define TAIL_ROOM 160

// The lanes of the 32 bytes at `at` where `<` is followed by `b` or `B`.
__attribute__((target("avx2"))) static inline __m256i pairs_avx2(const uint8_t *at) {
    const __m256i here = _mm256_loadu_si256((const __m256i *)at);
    const __m256i next = _mm256_loadu_si256((const __m256i *)(at + 1));
    return _mm256_and_si256(_mm256_cmpeq_epi8(here, _mm256_set1_epi8('<')),
                            _mm256_cmpeq_epi8(_mm256_or_si256(next, _mm256_set1_epi8(0x20)), _mm256_set1_epi8('b')));
}

// Whether 128 bytes at `index` (and one after) hold a `<base`; `count`
// bounds the letters read after a `<b`.
__attribute__((target("avx2"))) static inline int step_avx2(const uint8_t *bytes, size_t count, size_t index) {
    const uint8_t *at = bytes + index;
    const __m256i first = pairs_avx2(at), second = pairs_avx2(at + 32);
    const __m256i third = pairs_avx2(at + 64), fourth = pairs_avx2(at + 96);
    const __m256i any = _mm256_or_si256(_mm256_or_si256(first, second), _mm256_or_si256(third, fourth));
    if (_mm256_testz_si256(any, any)) return 0;
    const uint64_t low = (uint32_t)_mm256_movemask_epi8(first) | (uint64_t)(uint32_t)_mm256_movemask_epi8(second) << 32;
    const uint64_t high = (uint32_t)_mm256_movemask_epi8(third) | (uint64_t)(uint32_t)_mm256_movemask_epi8(fourth) << 32;
    return base_at_bits(bytes, count, index, low) || base_at_bits(bytes, count, index + 64, high);
}

__attribute__((target("avx2"))) static int mentions_base_avx2(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    for (; index + 129 <= count; index += 128) {
        if (step_avx2(bytes, count, index)) return 1;
    }
    // Fewer than 129 bytes left: a step over a zero-padded copy.
    uint8_t tail[TAIL_ROOM] = {0};
    const size_t left = count - index;
    if (left < 5) return 0;
    memcpy(tail, bytes + index, left);
    return step_avx2(tail, left, 0);
}

// The lanes of the 16 bytes at `at` where `<` is followed by `b` or `B`.
static inline __m128i pairs_sse2(const uint8_t *at) {
    const __m128i here = _mm_loadu_si128((const __m128i *)at);
    const __m128i next = _mm_loadu_si128((const __m128i *)(at + 1));
    return _mm_and_si128(_mm_cmpeq_epi8(here, _mm_set1_epi8('<')),
                         _mm_cmpeq_epi8(_mm_or_si128(next, _mm_set1_epi8(0x20)), _mm_set1_epi8('b')));
}

// `step_avx2` with 16-byte vectors: 64 bytes a step.
static inline int step_sse2(const uint8_t *bytes, size_t count, size_t index) {
    const uint8_t *at = bytes + index;
    const __m128i first = pairs_sse2(at), second = pairs_sse2(at + 16);
    const __m128i third = pairs_sse2(at + 32), fourth = pairs_sse2(at + 48);
    const __m128i any = _mm_or_si128(_mm_or_si128(first, second), _mm_or_si128(third, fourth));
    if (_mm_movemask_epi8(any) == 0) return 0;
    const uint64_t mask = (uint64_t)(uint16_t)_mm_movemask_epi8(first) | (uint64_t)(uint16_t)_mm_movemask_epi8(second) << 16
        | (uint64_t)(uint16_t)_mm_movemask_epi8(third) << 32 | (uint64_t)(uint16_t)_mm_movemask_epi8(fourth) << 48;
    return base_at_bits(bytes, count, index, mask);
}

static int mentions_base_sse2(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    for (; index + 65 <= count; index += 64) {
        if (step_sse2(bytes, count, index)) return 1;
    }
    uint8_t tail[TAIL_ROOM] = {0};
    const size_t left = count - index;
    if (left < 5) return 0;
    memcpy(tail, bytes + index, left);
    return step_sse2(tail, left, 0);
}

int limot_markup_best_vectors(void) {
    return __builtin_cpu_supports("avx2") ? limot_markup_vectors_avx2 : limot_markup_vectors_sse2;
}

int limot_mentions_base(const uint8_t *bytes, size_t count) {
    if (__builtin_cpu_supports("avx2")) return mentions_base_avx2(bytes, count);
    return mentions_base_sse2(bytes, count);
}

int limot_mentions_base_using(int vectors, const uint8_t *bytes, size_t count) {
    if (vectors > limot_markup_best_vectors()) return -1;
    switch (vectors) {
    case limot_markup_vectors_avx2: return mentions_base_avx2(bytes, count);
    case limot_markup_vectors_sse2: return mentions_base_sse2(bytes, count);
    default: return mentions_base_bytes(bytes, count);
    }
}

#else  // Not x86-64: a byte at a time.

int limot_markup_best_vectors(void) { return limot_markup_vectors_none; }

int limot_mentions_base(const uint8_t *bytes, size_t count) { return mentions_base_bytes(bytes, count); }

int limot_mentions_base_using(int vectors, const uint8_t *bytes, size_t count) {
    if (vectors > limot_markup_vectors_none) return -1;
    return mentions_base_bytes(bytes, count);
}
#endif
