// zlib from Debian's zlib1g-dev: limot compresses the files it injects into
// pages once at start (Content-Encoding: deflate, RFC 9110's zlib format).
#include <zlib.h>
