// glibc's getrandom(2), which Swift's Glibc module does not bring in: the
// proxy's tokens take their 16 random bytes in one call (Swift's
// SystemRandomNumberGenerator makes one per 8 bytes).
#include <sys/random.h>
