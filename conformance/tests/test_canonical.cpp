// canon.*: the canonical byte writer and SHA-256.
#include <gtest/gtest.h>

#include <vector>

#include "conformance/tests/clause.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"

using onepath::CanonicalReader;
using onepath::CanonicalWriter;
using onepath::Sha256Hex;

using Bytes = std::vector<std::uint8_t>;

TEST(CanonicalHash, KnownSha256Vectors) {
  CLAUSE("canon.hash");
  // FIPS 180-2, appendix B.1 ("abc") and the well-known digest of "".
  EXPECT_EQ(Sha256Hex(std::string_view("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256Hex(std::string_view("")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(CanonicalWriter, IntegersAreLittleEndianTwosComplement) {
  CLAUSE("canon.int");
  CanonicalWriter w;
  w.I8(-1);               // 0xff
  w.U32(0x01020304u);     // 04 03 02 01
  w.I32(-2);              // 2^32 - 2 = 0xfffffffe -> fe ff ff ff
  w.I64(-0x100000000LL);  // 2^64 - 2^32 -> 00 00 00 00 ff ff ff ff
  w.U64(0x0102030405060708ULL);
  EXPECT_EQ(w.bytes(),
            (Bytes{0xff, 0x04, 0x03, 0x02, 0x01, 0xfe, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
                   0xff, 0xff, 0xff, 0xff, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01}));
}

TEST(CanonicalWriter, SixteenBitIntegersAreTwoLittleEndianBytes) {
  CLAUSE("canon.int");
  CanonicalWriter w;
  w.U16(0x0102);  // 02 01
  w.U16(65535);   // ff ff
  w.U16(0);       // 00 00
  EXPECT_EQ(w.bytes(), (Bytes{0x02, 0x01, 0xff, 0xff, 0x00, 0x00}));
  Bytes b = w.Take();
  CanonicalReader r(b);
  EXPECT_EQ(r.U16(), 0x0102);
  EXPECT_EQ(r.U16(), 65535);
  EXPECT_EQ(r.U16(), 0);
  EXPECT_TRUE(r.AtEnd());
  EXPECT_THROW(r.U16(), onepath::ArgumentException);
}

TEST(CanonicalWriter, FloatsAreTheirIeeeBits) {
  CLAUSE("canon.float");
  CanonicalWriter w;
  w.F32(1.0f);  // 0x3f800000
  w.F64(1.0);   // 0x3ff0000000000000
  w.F64(-0.0);  // sign bit only: 0x8000000000000000 (kept, not normalised)
  EXPECT_EQ(w.bytes(), (Bytes{0x00, 0x00, 0x80, 0x3f, 0, 0, 0, 0, 0, 0,
                              0xf0, 0x3f, 0,    0,    0, 0, 0, 0, 0, 0x80}));
}

TEST(CanonicalWriter, StringsAndListsCarryAU32Count) {
  CLAUSE("canon.list canon.string");
  CanonicalWriter w;
  w.String("ab");
  w.Count(3);
  EXPECT_EQ(w.bytes(), (Bytes{0x02, 0, 0, 0, 'a', 'b', 0x03, 0, 0, 0}));
}

TEST(CanonicalReader, ReadsBackWhatWasWrittenAndRejectsShortInput) {
  CLAUSE("canon.int canon.float");
  CanonicalWriter w;
  w.I32(-123456);
  w.F64(0x1.23456789abcdep-1000);
  w.F32(-3.5f);
  Bytes b = w.Take();
  CanonicalReader r(b);
  EXPECT_EQ(r.I32(), -123456);
  EXPECT_EQ(r.F64(), 0x1.23456789abcdep-1000);
  EXPECT_EQ(r.F32(), -3.5f);
  EXPECT_TRUE(r.AtEnd());
  EXPECT_THROW(r.U8(), onepath::ArgumentException);
}
