#include "CRE2.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

RE2::Options makeOptions(int case_sensitive, int64_t max_mem) {
  RE2::Options options;
  options.set_encoding(RE2::Options::EncodingLatin1);
  options.set_case_sensitive(case_sensitive != 0);
  options.set_dot_nl(true);
  options.set_log_errors(false);
  if (max_mem > 0) options.set_max_mem(max_mem);
  return options;
}

void copyMessage(const std::string &message, char *error, size_t capacity) {
  if (error == nullptr || capacity == 0) return;
  size_t n = message.size() < capacity - 1 ? message.size() : capacity - 1;
  std::memcpy(error, message.data(), n);
  error[n] = '\0';
}

}  // namespace

struct limot_re2_set {
  RE2::Set set;
  explicit limot_re2_set(const RE2::Options &options) : set(options, RE2::UNANCHORED) {}
};

extern "C" limot_re2_set *limot_re2_set_new(int case_sensitive, int64_t max_mem) {
  return new limot_re2_set(makeOptions(case_sensitive, max_mem));
}

extern "C" int limot_re2_set_add(limot_re2_set *set, const char *pattern, size_t length,
                                 char *error, size_t error_capacity) {
  std::string message;
  int index = set->set.Add(re2::StringPiece(pattern, length), &message);
  if (index < 0) copyMessage(message, error, error_capacity);
  return index;
}

extern "C" int limot_re2_set_compile(limot_re2_set *set) {
  return set->set.Compile() ? 1 : 0;
}

extern "C" int limot_re2_set_match(const limot_re2_set *set, const char *text, size_t length,
                                   int32_t *out, int capacity, int *error) {
  // Most URLs match no pattern of a set. Asked only whether one matches, RE2
  // stops at the first match and allocates nothing; asked which, it
  // allocates a set as large as the pattern count and scans the whole text.
  RE2::Set::ErrorInfo any_info;
  any_info.kind = RE2::Set::kNoError;
  if (!set->set.Match(re2::StringPiece(text, length), nullptr, &any_info) &&
      any_info.kind == RE2::Set::kNoError) {
    if (error) *error = LIMOT_RE2_OK;
    return 0;
  }
  thread_local std::vector<int> matches;
  matches.clear();
  RE2::Set::ErrorInfo info;
  info.kind = RE2::Set::kNoError;
  bool matched = set->set.Match(re2::StringPiece(text, length), &matches, &info);
  if (!matched && info.kind != RE2::Set::kNoError) {
    if (error) {
      switch (info.kind) {
        case RE2::Set::kOutOfMemory: *error = LIMOT_RE2_OUT_OF_MEMORY; break;
        case RE2::Set::kNotCompiled: *error = LIMOT_RE2_NOT_COMPILED; break;
        default: *error = LIMOT_RE2_INCONSISTENT; break;
      }
    }
    return -1;
  }
  if (error) *error = LIMOT_RE2_OK;
  int count = static_cast<int>(matches.size());
  int n = count < capacity ? count : capacity;
  for (int i = 0; i < n; i++) out[i] = matches[i];
  return count;
}

extern "C" void limot_re2_set_free(limot_re2_set *set) { delete set; }

struct limot_re2 {
  std::string pattern;
  int case_sensitive;
  mutable std::once_flag once;
  mutable std::unique_ptr<RE2> compiled;

  const RE2 *get() const {
    std::call_once(once, [this] {
      compiled.reset(new RE2(pattern, makeOptions(case_sensitive, 0)));
    });
    return compiled->ok() ? compiled.get() : nullptr;
  }
};

extern "C" limot_re2 *limot_re2_new_lazy(const char *pattern, size_t length, int case_sensitive) {
  auto *re = new limot_re2();
  re->pattern.assign(pattern, length);
  re->case_sensitive = case_sensitive;
  return re;
}

extern "C" int limot_re2_match(const limot_re2 *re, const char *text, size_t length,
                               size_t start, int anchor_start) {
  const RE2 *compiled = re->get();
  if (compiled == nullptr) return -1;
  if (start > length) return 0;
  return compiled->Match(re2::StringPiece(text, length), start, length,
                         anchor_start ? RE2::ANCHOR_START : RE2::UNANCHORED, nullptr, 0)
             ? 1
             : 0;
}

extern "C" void limot_re2_free(limot_re2 *re) { delete re; }
