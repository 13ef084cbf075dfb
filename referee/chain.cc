// chain.cc: the SHA-256 hash chain of a game's events (referee/chain.h,
// schema/FORMAT.md §"Hash chain"), with OpenSSL libcrypto.
//
// Which OpenSSL API. A chain hash is a small message (32 + 8 bytes and a
// body of 30 to 60: two SHA-256 blocks), hashed once per event by every
// append, import, export, state and audit, so the per-message overhead of the
// API counts as much as the blocks. OpenSSL 3's EVP API frees and allocates
// the provider's context at every EVP_DigestInit_ex and goes through the
// provider's dispatch for each call: ~690 instructions a message more than
// the low-level SHA256_Init/Update/Final, which call the same block function
// (SHA-NI or AVX2, chosen at run time) directly, and a malloc/free (callgrind
// of a loop of 100k hashes; timed with SHA-NI, ~145 ns a hash of a 45-byte
// body against ~255 ns with EVP).
// The low-level functions are deprecated in OpenSSL 3.0 (in favour of EVP,
// for providers such as FIPS) but present in every 3.x; a build of OpenSSL
// without deprecated APIs (OPENSSL_NO_DEPRECATED_3_0) gets the EVP path
// below, which computes the same digest. The chain format does not depend on
// the choice.
#define OPENSSL_SUPPRESS_DEPRECATED  // SHA256_Init & co, on purpose (above)
#include "referee/chain.h"

#include <openssl/evp.h>
#include <openssl/opensslconf.h>
#include <openssl/sha.h>

#include <stdexcept>

#if defined(OPENSSL_NO_DEPRECATED_3_0)
#define PLI_SHA256_EVP 1
#else
#define PLI_SHA256_EVP 0
#endif

namespace pli {
namespace {

#if PLI_SHA256_EVP
// One SHA-256 context per thread, made once and reused for every hash. Made
// afresh for each hash (EVP_MD_CTX_new, and EVP_sha256(), which OpenSSL 3
// looks up in its provider tables under a lock at every EVP_DigestInit_ex),
// the setup cost several times the hash of an event (docs/PERFORMANCE.md).
class Sha256 {
 public:
  Sha256() : ctx_(EVP_MD_CTX_new()), md_(EVP_MD_fetch(nullptr, "SHA256", nullptr)) {}
  ~Sha256() {
    EVP_MD_CTX_free(ctx_);
    EVP_MD_free(md_);
  }
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  // Starts a digest; false if OpenSSL could not set the context up.
  bool Init() { return ctx_ != nullptr && md_ != nullptr && EVP_DigestInit_ex(ctx_, md_, nullptr) == 1; }
  EVP_MD_CTX* ctx() { return ctx_; }

 private:
  EVP_MD_CTX* ctx_;
  EVP_MD* md_;
};
#endif

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

  Hash out{};
  // SHA-256 cannot fail on valid arguments; a failure here is OpenSSL out of
  // memory or broken, and no hash can be given.
#if PLI_SHA256_EVP
  thread_local Sha256 sha;
  EVP_MD_CTX* ctx = sha.ctx();
  unsigned int size = 0;
  bool ok = sha.Init() && EVP_DigestUpdate(ctx, prev.data(), prev.size()) == 1 &&
            EVP_DigestUpdate(ctx, be64, sizeof be64) == 1 &&
            EVP_DigestUpdate(ctx, body.data(), body.size()) == 1 &&
            EVP_DigestFinal_ex(ctx, out.data(), &size) == 1 && size == out.size();
#else
  SHA256_CTX ctx;
  bool ok = SHA256_Init(&ctx) == 1 && SHA256_Update(&ctx, prev.data(), prev.size()) == 1 &&
            SHA256_Update(&ctx, be64, sizeof be64) == 1 &&
            SHA256_Update(&ctx, body.data(), body.size()) == 1 &&
            SHA256_Final(out.data(), &ctx) == 1;
#endif
  if (!ok) throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  return out;
}

Sha256Stream::Sha256Stream() : ctx_(EVP_MD_CTX_new()) {
  if (ctx_ == nullptr || EVP_DigestInit_ex(static_cast<EVP_MD_CTX*>(ctx_), EVP_sha256(), nullptr) != 1) {
    EVP_MD_CTX_free(static_cast<EVP_MD_CTX*>(ctx_));
    throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  }
}

Sha256Stream::~Sha256Stream() { EVP_MD_CTX_free(static_cast<EVP_MD_CTX*>(ctx_)); }

void Sha256Stream::Add(std::string_view bytes) {
  if (EVP_DigestUpdate(static_cast<EVP_MD_CTX*>(ctx_), bytes.data(), bytes.size()) != 1) {
    throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  }
}

void Sha256Stream::AddBe64(uint64_t n) {
  char be64[8];
  for (int i = 0; i < 8; ++i) be64[i] = static_cast<char>(n >> (56 - 8 * i));
  Add(std::string_view(be64, 8));
}

Hash Sha256Stream::Finish() {
  Hash out{};
  unsigned int size = 0;
  if (EVP_DigestFinal_ex(static_cast<EVP_MD_CTX*>(ctx_), out.data(), &size) != 1 ||
      size != out.size()) {
    throw std::runtime_error("OpenSSL could not compute a SHA-256 digest");
  }
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
