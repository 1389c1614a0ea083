#include "CICUIDNA.h"
#include <unicode/uidna.h>

const limot_idna *limot_idna_open_url_processor(void) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = uidna_openUTS46(
        UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE,
        &status);
    return U_FAILURE(status) ? NULL : (const limot_idna *)idna;
}

/// The errors the URL Standard's options turn off (VerifyDnsLength=false, CheckHyphens=false).
static const uint32_t ignoredErrors = UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG
    | UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN
    | UIDNA_ERROR_HYPHEN_3_4;

int32_t limot_idna_to_ascii(
    const limot_idna *processor, const char *name, int32_t length, char *destination, int32_t capacity
) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t result = uidna_nameToASCII_UTF8(
        (const UIDNA *)processor, name, length, destination, capacity, &info, &status);
    if (info.errors & ~ignoredErrors) return -1;
    if (status == U_BUFFER_OVERFLOW_ERROR) return result;
    return U_FAILURE(status) ? -1 : result;
}
