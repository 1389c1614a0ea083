// UTS #46 (IDNA) from ICU, as the WHATWG URL Standard's "domain to ASCII"
// calls it. Only plain C types cross this header: ICU's own headers declare
// the same types as the copy of ICU that Foundation bundles (_FoundationICU),
// and Swift refuses a module that sees both.
#ifndef LIMOT_CICU_H
#define LIMOT_CICU_H
#include <stdint.h>

/// An ICU UIDNA processor.
typedef struct limot_idna limot_idna;

/// A UTS #46 processor with the options of the URL Standard's "domain to
/// ASCII" (CheckBidi, CheckJoiners, nontransitional processing; neither
/// UseSTD3ASCIIRules nor CheckHyphens nor VerifyDnsLength, whose errors
/// `limot_idna_to_ascii` lets pass), as WebKit's URL parser opens it. NULL if
/// ICU fails (its data missing). Never closed; usable concurrently once open
/// (uidna.h: "The instance is thread-safe").
const limot_idna *limot_idna_open_url_processor(void);

/// UTS #46 ToASCII of a UTF-8 domain name (ill-formed UTF-8 counts as U+FFFD,
/// which UTS #46 disallows) into `destination`. Returns the result's length,
/// which may exceed `capacity` (nothing usable was written then: call again
/// with that much room), or -1 if the name is invalid: ICU failed, or reported
/// an error other than those the URL Standard ignores (empty and over-long
/// labels and names, hyphen placement: the same set WebKit ignores).
int32_t limot_idna_to_ascii(
    const limot_idna *processor, const char *name, int32_t length, char *destination, int32_t capacity);
#endif
