// OpenSSL's libcrypto from Debian's libssl-dev: SHA-256 for the compiled
// rule cache's key and checksum (libcurl already loads this library).
#include <openssl/sha.h>
