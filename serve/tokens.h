// tokens.h: the secrets of a live table (../shared/SERVE.md "Identity and
// secrecy"): seat and host tokens of 128 random bits from OpenSSL's
// RAND_bytes, kept only as their SHA-256 and compared in constant time;
// invitation codes of 30 random bits in Crockford base32 ("K7M-Q2P").
#ifndef PLI_SERVE_TOKENS_H_
#define PLI_SERVE_TOKENS_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace pli::serve {

using TokenHash = std::array<unsigned char, 32>;

// 128 random bits as 32 lowercase hex digits.
std::string NewToken();
// SHA-256 of the token's text.
TokenHash HashToken(std::string_view token);
// Whether a == b, in time independent of where they differ (CRYPTO_memcmp).
bool SameHash(const TokenHash& a, const TokenHash& b);
// Six Crockford base32 digits from 30 random bits, "K7M-Q2P".
std::string NewCode();
// The code as typed ("k7mq2p", "K7M-Q2P", "K7M Q2P", O for 0, I/L for 1),
// canonical ("K7M-Q2P"); "" when it is not a code.
std::string CanonicalCode(std::string_view typed);
// A random non-negative 63-bit integer (deal seeds, bot seeds).
int64_t RandomSeed();
// n random bytes as hex (table ids).
std::string RandomHex(int bytes);

std::string Hex(const unsigned char* data, size_t n);

}  // namespace pli::serve

#endif  // PLI_SERVE_TOKENS_H_
