// A vectorised UTF-8 validator for x86-64 (SSSE3 or AVX2, chosen at run
// time), in front of UTF8Check's Swift scanner. See utf8.c for the method.
#ifndef LIMOT_CUTF8_H
#define LIMOT_CUTF8_H
#include <stddef.h>
#include <stdint.h>

/// The instruction sets the validator can use.
enum limot_utf8_vectors {
    /// None: every call returns 0 and the Swift scanner reads everything.
    limot_utf8_vectors_none = 0,
    /// 16 bytes a step (SSSE3's pshufb).
    limot_utf8_vectors_ssse3 = 1,
    /// 32 bytes a step (AVX2).
    limot_utf8_vectors_avx2 = 2,
};

/// The widest of `limot_utf8_vectors` this CPU runs (none off x86-64).
int limot_utf8_best_vectors(void);

/// A length n <= count such that bytes [0, n) are well-formed UTF-8 and a
/// sequence starts at n: the first ill-formed byte, if any, is at n or
/// after it, and a scalar reading from n finds it. n is short of count by
/// the last bytes that do not fill a vector, by the block where something
/// is wrong, and by up to three bytes of the sequence that reaches into
/// that block. Uses the widest vectors this CPU has.
size_t limot_utf8_checked_prefix(const uint8_t *bytes, size_t count);

/// `limot_utf8_checked_prefix` with the given vectors (for tests, which
/// compare each against the scalar reading): 0 for vectors the CPU lacks.
size_t limot_utf8_checked_prefix_using(int vectors, const uint8_t *bytes, size_t count);
#endif
