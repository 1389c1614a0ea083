// Typed wrappers over libcurl's variadic calls, which Swift cannot import.
// One wrapper per argument type; callers pick the one the option documents.
#ifndef LIMOT_CCURL_SHIM_H
#define LIMOT_CCURL_SHIM_H
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

// MARK: easy options

static inline CURLcode limot_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode limot_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode limot_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode limot_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode limot_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION share this type.
static inline CURLcode limot_curl_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
static inline CURLcode limot_curl_setopt_opensocket_callback(CURL *handle, curl_opensocket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}
static inline CURLcode limot_curl_setopt_xferinfo_callback(CURL *handle, curl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

// MARK: easy info

static inline CURLcode limot_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode limot_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
/// For CURLINFO_* of string type; the string belongs to the handle.
static inline CURLcode limot_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}
/// CURLINFO_PRIVATE: the pointer set with CURLOPT_PRIVATE.
static inline void *limot_curl_getinfo_private(CURL *handle) {
    char *value = NULL;
    curl_easy_getinfo(handle, CURLINFO_PRIVATE, &value);
    return value;
}

// MARK: multi

static inline CURLMcode limot_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
/// The result of a CURLMSG_DONE message (a member of an anonymous union).
static inline CURLcode limot_curl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

// MARK: sockets (the address curl is about to connect to)

static inline int limot_curl_sockaddr_family(const struct curl_sockaddr *address) {
    return address->family;
}
/// The IPv4 address, in host byte order (family AF_INET).
static inline unsigned int limot_curl_sockaddr_ipv4(const struct curl_sockaddr *address) {
    return ntohl(((const struct sockaddr_in *)&address->addr)->sin_addr.s_addr);
}
/// Piece `index` (0-7) of the IPv6 address, in host byte order (family AF_INET6).
static inline unsigned short limot_curl_sockaddr_ipv6_piece(const struct curl_sockaddr *address, int index) {
    const unsigned char *bytes = ((const struct sockaddr_in6 *)&address->addr)->sin6_addr.s6_addr;
    return (unsigned short)((bytes[2 * index] << 8) | bytes[2 * index + 1]);
}
/// The port, in host byte order.
static inline unsigned short limot_curl_sockaddr_port(const struct curl_sockaddr *address) {
    if (address->family == AF_INET6) return ntohs(((const struct sockaddr_in6 *)&address->addr)->sin6_port);
    return ntohs(((const struct sockaddr_in *)&address->addr)->sin_port);
}
#endif
