// libpsl from Debian's libpsl-dev: the Public Suffix List's rules (wildcards,
// exceptions, the ICANN and PRIVATE sections) as browsers apply them.
#include <libpsl.h>
