// libxml2's HTML parser and serialiser. xmlFree is a global function pointer,
// which Swift 6 rejects as not concurrency-safe: call it through limot_xml_free.
#ifndef LIMOT_CLIBXML2_SHIM_H
#define LIMOT_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so encoding.h includes the system's
// <unicode/ucnv.h>, whose enums clash with Foundation's own copy of ICU
// (_FoundationICU) in any module that imports both. limot never touches the
// ICU parts (only the trailing fields of xmlCharEncodingHandler, which it
// neither allocates nor reads), so leave them out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlIO.h>

static inline void limot_xml_free(void *pointer) {
    xmlFree(pointer);
}
#endif
