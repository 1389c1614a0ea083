// libxml2's HTML parser and serialiser. xmlFree is a global function pointer,
// which Swift 6 rejects as not concurrency-safe: call it through limot_xml_free.
#ifndef LIMOT_CLIBXML2_SHIM_H
#define LIMOT_CLIBXML2_SHIM_H
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlIO.h>

static inline void limot_xml_free(void *pointer) {
    xmlFree(pointer);
}
#endif
