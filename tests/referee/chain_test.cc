// chain_test.cc: the SHA-256 hash chain (referee/chain.h, schema/FORMAT.md
// §"Hash chain"). The expected hashes were computed outside pli, with
// sha256sum on the exact bytes written by printf (the commands are beside
// each value), so the test checks the definition, not the code against itself.
#include "referee/chain.h"

#include <catch2/catch.hpp>
#include <string>

namespace {

// The stored encoding of {"type":"game","game":"g","seats":["A","B","C","D"]}
// (FORMAT.md §"Stored encoding"), written by hand.
const std::string kGameBody = std::string("\x01\x01\x00\x01g\x0fsuper-president\x00\x04", 23) +
                              "\x01"
                              "A"
                              "\x01"
                              "B"
                              "\x01"
                              "C"
                              "\x01"
                              "D";
// {"type":"pass","seat":2}
const std::string kPassBody("\x01\x05\x00\x02", 4);

}  // namespace

TEST_CASE("Hash chain: hash(1) is SHA-256(32 zero bytes, be64(1), body), as sha256sum gives it") {
  // { head -c 32 /dev/zero; printf '\x00\x00\x00\x00\x00\x00\x00\x01';
  //   printf '\x01\x01\x00\x01g\x0fsuper-president\x00\x04\x01A\x01B\x01C\x01D'; } | sha256sum
  REQUIRE(kGameBody.size() == 31);
  pli::Hash h1 = pli::ChainHash(pli::kGenesis, 1, kGameBody);
  CHECK(pli::HashHex(h1) == "ff8ea5c72f1742d61282de09d0b89b87af59088fdeab90ba70a3f680c95b041d");
}

TEST_CASE("Hash chain: hash(2) chains to hash(1), as sha256sum gives it") {
  // { echo -n ff8ea5c7...041d | xxd -r -p;
  //   printf '\x00\x00\x00\x00\x00\x00\x00\x02\x01\x05\x00\x02'; } | sha256sum
  pli::Hash h1 = pli::ChainHash(pli::kGenesis, 1, kGameBody);
  pli::Hash h2 = pli::ChainHash(h1, 2, kPassBody);
  CHECK(pli::HashHex(h2) == "66dd13ffa6dfe2d66f0a4b4f20e246019bc5c7dde0b02efbe821c8ca667060b2");
  // Every input counts: the previous hash, the seq and the body.
  CHECK(pli::ChainHash(pli::kGenesis, 2, kPassBody) != h2);
  CHECK(pli::ChainHash(h1, 3, kPassBody) != h2);
  CHECK(pli::ChainHash(h1, 2, std::string("\x01\x05\x00\x03", 4)) != h2);
}

TEST_CASE("Hash chain: FORMAT.md's example, a pass with an id as event 2, as openssl gives it") {
  // { printf ff8ea5c7...041d | xxd -r -p;
  //   printf '\x00\x00\x00\x00\x00\x00\x00\x02\x01\x05\x01\x03p-5\x02'; } | openssl dgst -sha256
  pli::Hash h1 = pli::ChainHash(pli::kGenesis, 1, kGameBody);
  pli::Hash h2 = pli::ChainHash(h1, 2, std::string("\x01\x05\x01\x03p-5\x02", 8));
  CHECK(pli::HashHex(h2) == "53ec21bd49839a5725ff98a5a9a8bfa4913c8371ae530baab42f4a1eeda65da6");
}

TEST_CASE("Hash chain: seq is 8 big-endian bytes") {
  // { head -c 32 /dev/zero; printf '\x01\x02\x03\x04\x05\x06\x07\x08abc'; } | sha256sum
  pli::Hash h = pli::ChainHash(pli::kGenesis, 0x0102030405060708, "abc");
  CHECK(pli::HashHex(h) == "5ab187ef7fc7377382231e9c81b23ed825560bb9d6156de7ea406a0f98576e7e");
}

TEST_CASE("Hash chain: HashHex writes 64 lowercase digits and ParseHashHex reads them back") {
  pli::Hash h{};
  for (std::size_t i = 0; i < h.size(); ++i) h[i] = static_cast<uint8_t>(i * 8 + 7);
  std::string hex = pli::HashHex(h);
  CHECK(hex.substr(0, 8) == "070f171f");
  CHECK(hex.size() == 64);
  CHECK(pli::ParseHashHex(hex) == h);
  CHECK(pli::HashHex(pli::kGenesis) == std::string(64, '0'));
  pli::Hash ff;
  ff.fill(0xff);
  CHECK(pli::ParseHashHex(std::string(64, 'f')) == ff);
}

TEST_CASE("Hash chain: ParseHashHex rejects uppercase, 63 or 65 digits and non-hex") {
  const std::string good = "ff8ea5c72f1742d61282de09d0b89b87af59088fdeab90ba70a3f680c95b041d";
  REQUIRE(pli::ParseHashHex(good).has_value());
  std::string upper = good;
  upper[0] = 'F';
  CHECK_FALSE(pli::ParseHashHex(upper).has_value());
  CHECK_FALSE(pli::ParseHashHex(good.substr(0, 63)).has_value());
  CHECK_FALSE(pli::ParseHashHex(good + "0").has_value());
  CHECK_FALSE(pli::ParseHashHex("").has_value());
  for (char bad : {'g', 'x', ' ', '-', '\0', 'G'}) {
    std::string s = good;
    s[63] = bad;
    CHECK_FALSE(pli::ParseHashHex(s).has_value());
  }
}
