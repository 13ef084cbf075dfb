// tokens.cc: see tokens.h.
#include "serve/tokens.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <stdexcept>

namespace pli::serve {
namespace {

constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

void Random(unsigned char* out, int n) {
  if (RAND_bytes(out, n) != 1) throw std::runtime_error("RAND_bytes failed");
}

}  // namespace

std::string Hex(const unsigned char* data, size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (size_t i = 0; i < n; ++i) {
    out += kDigits[data[i] >> 4];
    out += kDigits[data[i] & 15];
  }
  return out;
}

std::string RandomHex(int bytes) {
  unsigned char buf[64];
  Random(buf, bytes);
  return Hex(buf, static_cast<size_t>(bytes));
}

std::string NewToken() { return RandomHex(16); }

TokenHash HashToken(std::string_view token) {
  TokenHash h;
  SHA256(reinterpret_cast<const unsigned char*>(token.data()), token.size(), h.data());
  return h;
}

bool SameHash(const TokenHash& a, const TokenHash& b) {
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string NewCode() {
  unsigned char b[4];
  Random(b, 4);
  uint32_t bits = (uint32_t{b[0]} << 24 | uint32_t{b[1]} << 16 | uint32_t{b[2]} << 8 | b[3]) >> 2;
  std::string code;
  for (int i = 0; i < 6; ++i) {
    if (i == 3) code += '-';
    code += kCrockford[(bits >> (25 - 5 * i)) & 31];
  }
  return code;
}

std::string CanonicalCode(std::string_view typed) {
  std::string digits;
  for (char c : typed) {
    if (c == '-' || c == ' ') continue;
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c == 'O') c = '0';
    if (c == 'I' || c == 'L') c = '1';
    bool ok = false;
    for (const char* p = kCrockford; *p; ++p) ok |= *p == c;
    if (!ok || digits.size() >= 6) return "";
    digits += c;
  }
  if (digits.size() != 6) return "";
  return digits.substr(0, 3) + "-" + digits.substr(3);
}

int64_t RandomSeed() {
  unsigned char b[8];
  Random(b, 8);
  uint64_t v = 0;
  for (unsigned char c : b) v = v << 8 | c;
  return static_cast<int64_t>(v >> 1);
}

}  // namespace pli::serve
