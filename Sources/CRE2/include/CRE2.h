// A small C API over RE2 and RE2::Set for Swift.
//
// Why a shim: Swift's C++ interop cannot import re2::RE2 of Debian's version
// (it is neither copyable nor movable), and a C API keeps C++ out of every
// importing target. All text is matched as Latin-1 bytes: URLs are ASCII
// after canonicalisation, and byte-oriented DFAs are smaller and faster.
#ifndef LIMOT_CRE2_H
#define LIMOT_CRE2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a set match when it could not be completed.
enum limot_re2_match_error {
  LIMOT_RE2_OK = 0,
  LIMOT_RE2_NOT_COMPILED = 1,
  LIMOT_RE2_OUT_OF_MEMORY = 2,   // the DFA ran out of memory: result unknown
  LIMOT_RE2_INCONSISTENT = 3,
};

typedef struct limot_re2_set limot_re2_set;

/// A new, empty, unanchored set. `max_mem` bounds the compiled program and DFA.
limot_re2_set *limot_re2_set_new(int case_sensitive, int64_t max_mem);
/// Adds a pattern; returns its index, or -1 and writes RE2's message into `error`.
int limot_re2_set_add(limot_re2_set *set, const char *pattern, size_t length,
                      char *error, size_t error_capacity);
/// Compiles the set; returns 0 when RE2 could not (usually: out of memory).
int limot_re2_set_compile(limot_re2_set *set);
/// Writes the indices of all matching patterns (ascending) into `out`, up to
/// `capacity`; returns how many matched in all (may exceed capacity), or -1
/// with `*error` set when the match could not be completed.
int limot_re2_set_match(const limot_re2_set *set, const char *text, size_t length,
                        int32_t *out, int capacity, int *error);
void limot_re2_set_free(limot_re2_set *set);

typedef struct limot_re2 limot_re2;

/// A single regex, compiled on first use (thread-safe), so that thousands of
/// rarely-needed patterns cost nothing until a request needs them.
limot_re2 *limot_re2_new_lazy(const char *pattern, size_t length, int case_sensitive);
/// 1 when the regex matches `text[start...]` (anchored at `start` when
/// `anchor_start`), 0 when not, -1 when the pattern does not compile.
int limot_re2_match(const limot_re2 *re, const char *text, size_t length,
                    size_t start, int anchor_start);
void limot_re2_free(limot_re2 *re);

#ifdef __cplusplus
}
#endif

#endif
