// OpenSSL's libcrypto from Debian's libssl-dev: SHA-256 for the proxy's
// control token (libcurl already loads this library).
#include <openssl/sha.h>
