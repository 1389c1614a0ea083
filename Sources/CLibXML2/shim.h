// libxml2 from Debian's libxml2-dev (headers in /usr/include/libxml2, which
// pkg-config's cflags for libxml-2.0 add): its HTML parser builds the tree
// `limot lookup` reads result pages from.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so encoding.h would include the system's
// <unicode/ucnv.h>, whose enums clash with the ICU Foundation bundles
// (_FoundationICU) in any Swift module that imports both. Only the fields of
// xmlCharEncodingHandler depend on it, which limot never reads.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
// The parser context's element stack (namePop), which ResultPage uses to
// close what an HTML5 end tag closes where libxml2 2.9 would not.
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
