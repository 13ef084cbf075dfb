// chain.h: the SHA-256 hash chain of a game's events (tamper evidence).
//
//   hash(1) = SHA-256(kGenesis || be64(1) || body(1))
//   hash(n) = SHA-256(hash(n-1) || be64(n) || body(n))
// where body(n) is EncodeEvent of event n (games/president/wire/event_codec.h), be64 the
// seq as 8 big-endian bytes and kGenesis 32 zero bytes. The game event is
// event 1 and its body carries the game id, so every hash depends on the
// game. Documented in schema/FORMAT.md §"Hash chain". Uses OpenSSL libcrypto.
#ifndef PLI_REFEREE_CHAIN_H_
#define PLI_REFEREE_CHAIN_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pli {

using Hash = std::array<uint8_t, 32>;

// The "previous hash" of event 1.
inline constexpr Hash kGenesis{};

// The hash of event `seq` whose encoding is `body`, chained to `prev`.
// Throws std::runtime_error only if OpenSSL itself fails (out of memory).
Hash ChainHash(const Hash& prev, int64_t seq, std::string_view body);

// A SHA-256 digest fed piece by piece (the database head, store.h, hashes
// its games as it reads them). Throws std::runtime_error only if OpenSSL
// fails.
class Sha256Stream {
 public:
  Sha256Stream();
  ~Sha256Stream();
  Sha256Stream(const Sha256Stream&) = delete;
  Sha256Stream& operator=(const Sha256Stream&) = delete;
  void Add(std::string_view bytes);
  void AddBe64(uint64_t n);  // 8 bytes, big-endian
  Hash Finish();             // once

 private:
  void* ctx_;  // EVP_MD_CTX
};

// 64 lowercase hex digits.
std::string HashHex(const Hash& hash);
// The hash of 64 hex digits (lowercase only, as HashHex writes), or nullopt.
std::optional<Hash> ParseHashHex(std::string_view hex);

}  // namespace pli

#endif  // PLI_REFEREE_CHAIN_H_
