// RapidCheck inside plain GoogleTest tests: the test calls CLAUSE(...) once,
// then CheckProperty runs the property for a fixed number of generated
// inputs with a fixed seed. A failure (with RapidCheck's shrunk
// counterexample and RC_LOG output) becomes a GoogleTest failure of the
// current test. (rapidcheck/gtest.h's RC_GTEST_PROP would record the
// clause once per generated case.)
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <sstream>
#include <string>

namespace onepath::proptest {

template <typename Property>
void CheckProperty(Property property, int cases = 2000) {
  rc::detail::TestParams params;  // seed 0, maxSize 100
  params.maxSuccess = cases;
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  rc::detail::TestMetadata metadata;
  metadata.id = std::string(info->test_suite_name()) + "/" + info->name();
  metadata.description = info->name();
  const auto result = rc::detail::checkTestable(property, metadata, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream message;
    rc::detail::printResultMessage(result, message);
    ADD_FAILURE() << message.str();
  }
}

}  // namespace onepath::proptest
