// chain.cc: the SHA-256 hash chain of a game's events (referee/chain.h,
// schema/FORMAT.md §"Hash chain"), with OpenSSL libcrypto's EVP digest API.
#include "referee/chain.h"

#include <openssl/evp.h>

#include <stdexcept>

namespace pli {
namespace {

// One SHA-256 context per thread, made once and reused for every hash. Made
// afresh for each hash (EVP_MD_CTX_new, and EVP_sha256(), which OpenSSL 3
// looks up in its provider tables under a lock at every EVP_DigestInit_ex),
// the setup cost several times the hash of an event (docs/PERFORMANCE.md).
class Sha256 {
 public:
  Sha256() : ctx_(EVP_MD_CTX_new()) {
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    md_ = EVP_MD_fetch(nullptr, "SHA256", nullptr);
#else
    md_ = EVP_sha256();
#endif
  }
  ~Sha256() {
    EVP_MD_CTX_free(ctx_);
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    EVP_MD_free(md_);
#endif
  }
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  // Starts a digest; false if OpenSSL could not set the context up.
  bool Init() { return ctx_ != nullptr && md_ != nullptr && EVP_DigestInit_ex(ctx_, md_, nullptr) == 1; }
  EVP_MD_CTX* ctx() { return ctx_; }

 private:
  EVP_MD_CTX* ctx_;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
  EVP_MD* md_;
#else
  const EVP_MD* md_;
#endif
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

  thread_local Sha256 sha;
  EVP_MD_CTX* ctx = sha.ctx();
  Hash out{};
  unsigned int size = 0;
  // SHA-256 cannot fail on valid arguments; a failure here is OpenSSL out of
  // memory or broken, and no hash can be given.
  bool ok = sha.Init() && EVP_DigestUpdate(ctx, prev.data(), prev.size()) == 1 &&
            EVP_DigestUpdate(ctx, be64, sizeof be64) == 1 &&
            EVP_DigestUpdate(ctx, body.data(), body.size()) == 1 &&
            EVP_DigestFinal_ex(ctx, out.data(), &size) == 1 && size == out.size();
  if (!ok) throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  return out;
}

std::string HashHex(const Hash& hash) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex(2 * hash.size(), '0');
  char* out = hex.data();
  for (uint8_t b : hash) {
    *out++ = kDigits[b >> 4];
    *out++ = kDigits[b & 0xF];
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
