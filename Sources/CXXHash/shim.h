// xxHash from Debian's libxxhash-dev: XXH3-128 names the rule lists a
// compiled rule cache file holds and checks its payload, at memory speed.
#include <xxhash.h>
