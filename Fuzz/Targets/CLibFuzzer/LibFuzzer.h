// libFuzzer's driver, for executables that have a main function of their
// own: SwiftPM renames an executable's entry point and defines `main` as
// that symbol, so libFuzzer's own main is never the one that runs.
#ifndef LIMOT_LIBFUZZER_H
#define LIMOT_LIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Parses libFuzzer's flags from argc/argv and runs `callback` on each input
/// (defined in compiler-rt's libFuzzer, linked by `-sanitize=fuzzer`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
