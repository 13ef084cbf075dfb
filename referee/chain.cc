// chain.cc: the SHA-256 hash chain of a game's events (referee/chain.h,
// schema/FORMAT.md §"Hash chain"), with OpenSSL libcrypto's EVP digest API.
#include "referee/chain.h"

#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

namespace pli {
namespace {

struct CtxFree {
  void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

// A hex digit's value, or -1 (lowercase only, as HashHex writes).
int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

Hash ChainHash(const Hash& prev, int64_t seq, std::string_view body) {
  unsigned char be64[8];
  const auto s = static_cast<uint64_t>(seq);
  for (int i = 0; i < 8; ++i) be64[i] = static_cast<unsigned char>(s >> (56 - 8 * i));

  std::unique_ptr<EVP_MD_CTX, CtxFree> ctx(EVP_MD_CTX_new());
  Hash out{};
  unsigned int size = 0;
  // SHA-256 cannot fail on valid arguments; a failure here is OpenSSL out of
  // memory or broken, and no hash can be given.
  bool ok = ctx != nullptr && EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) == 1 &&
            EVP_DigestUpdate(ctx.get(), prev.data(), prev.size()) == 1 &&
            EVP_DigestUpdate(ctx.get(), be64, sizeof be64) == 1 &&
            EVP_DigestUpdate(ctx.get(), body.data(), body.size()) == 1 &&
            EVP_DigestFinal_ex(ctx.get(), out.data(), &size) == 1 && size == out.size();
  if (!ok) throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  return out;
}

std::string HashHex(const Hash& hash) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * hash.size());
  for (uint8_t b : hash) {
    hex += kDigits[b >> 4];
    hex += kDigits[b & 0xF];
  }
  return hex;
}

std::optional<Hash> ParseHashHex(std::string_view hex) {
  Hash hash{};
  if (hex.size() != 2 * hash.size()) return std::nullopt;
  for (std::size_t i = 0; i < hash.size(); ++i) {
    int hi = HexValue(hex[2 * i]);
    int lo = HexValue(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    hash[i] = static_cast<uint8_t>(hi << 4 | lo);
  }
  return hash;
}

}  // namespace pli
