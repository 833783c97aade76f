// err.*: the spec's exception types and their fields.
#include <gtest/gtest.h>

#include "conformance/runner/operations.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"

using namespace onepath;

TEST(Errors, OutOfRangeIsAKindOfArgumentException) {
  CLAUSE("err.types");
  try {
    throw ArgumentOutOfRangeException("x", {.setting = "AgentRadius"});
  } catch (const ArgumentException& e) {
    EXPECT_STREQ(e.typeName(), "ArgumentOutOfRangeException");
    EXPECT_EQ(e.fields().setting, "AgentRadius");
    return;
  }
  FAIL() << "ArgumentOutOfRangeException was not caught as ArgumentException";
}

TEST(Errors, TypeNamesAreTheSpecs) {
  CLAUSE("err.types err.geometry");
  EXPECT_STREQ(ArgumentException("m", {}).typeName(), "ArgumentException");
  EXPECT_STREQ(InvalidOperationException("m", {}).typeName(), "InvalidOperationException");
  EXPECT_STREQ(GeometryException("m", {}).typeName(), "GeometryException");
}

TEST(Errors, FieldsAreDescribedAndSerialised) {
  CLAUSE("err.fields");
  ArgumentOutOfRangeException e(
      "coordinate too large",
      {.argument = "c.y", .outline = 1, .ring = 2, .vertex = 3, .value = 0x1p22});
  std::string text = DescribeError(e);
  EXPECT_NE(text.find("ArgumentOutOfRangeException"), std::string::npos);
  EXPECT_NE(text.find("outline=1"), std::string::npos);
  EXPECT_NE(text.find("ring=2"), std::string::npos);
  EXPECT_NE(text.find("vertex=3"), std::string::npos);
  nlohmann::json j = conformance::ErrorFieldsToJson(e.fields());
  // Only the set fields appear; 2^22 = 4194304 exactly.
  EXPECT_EQ(
      j,
      (nlohmann::json{
          {"argument", "c.y"}, {"outline", 1}, {"ring", 2}, {"vertex", 3}, {"value", 4194304.0}}));
}

TEST(Errors, TheThreeDimensionalFieldsAreDescribedAndSerialisedInTheTablesOrder) {
  CLAUSE("err.fields");
  // errors.md's table order: argument, outline, ring, vertex, edge, triangle,
  // volume, column, span, value, setting, tileX, tileZ, count, polygon,
  // layer.
  ArgumentOutOfRangeException e("span out of range", {.argument = "spans.max",
                                                      .vertex = 4,
                                                      .triangle = 5,
                                                      .volume = 6,
                                                      .column = 7,
                                                      .span = 8,
                                                      .value = 9.0,
                                                      .tileX = -1,
                                                      .tileZ = 2,
                                                      .count = 10,
                                                      .polygon = 11,
                                                      .layer = 12});
  EXPECT_EQ(DescribeError(e),
            "ArgumentOutOfRangeException: span out of range (argument=spans.max, vertex=4, "
            "triangle=5, volume=6, column=7, span=8, value=9, tileX=-1, tileZ=2, count=10, "
            "polygon=11, layer=12)");
  nlohmann::json j = conformance::ErrorFieldsToJson(e.fields());
  EXPECT_EQ(j, (nlohmann::json{{"argument", "spans.max"},
                               {"vertex", 4},
                               {"triangle", 5},
                               {"volume", 6},
                               {"column", 7},
                               {"span", 8},
                               {"value", 9.0},
                               {"tileX", -1},
                               {"tileZ", 2},
                               {"count", 10},
                               {"polygon", 11},
                               {"layer", 12}}));
}

TEST(Errors, NonFiniteValuesSerialiseAsStrings) {
  CLAUSE("err.fields");
  ErrorFields f{.value = std::numeric_limits<double>::quiet_NaN()};
  EXPECT_EQ(conformance::ErrorFieldsToJson(f)["value"], "NaN");
  f.value = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(conformance::ErrorFieldsToJson(f)["value"], "-Infinity");
}
