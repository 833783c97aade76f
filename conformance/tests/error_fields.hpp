// The fields of the exception a call throws (err.types, err.fields), for
// tests that compare them. A call that throws nothing is a test failure
// (and gives no fields).
#pragma once

#include <gtest/gtest.h>

#include "onepath/core/errors.hpp"

namespace onepath::checks {

// The fields of the ArgumentOutOfRangeException that call() throws.
template <typename Call>
ErrorFields OutOfRangeFields(Call call) {
  try {
    call();
  } catch (const ArgumentOutOfRangeException& e) {
    return e.fields();
  }
  ADD_FAILURE() << "no ArgumentOutOfRangeException";
  return {};
}

// The fields of the ArgumentException that call() throws, which must be of
// the base type itself, not an ArgumentOutOfRangeException.
template <typename Call>
ErrorFields ArgumentFields(Call call) {
  try {
    call();
  } catch (const ArgumentOutOfRangeException& e) {
    ADD_FAILURE() << "ArgumentOutOfRangeException, not the base type";
    return e.fields();
  } catch (const ArgumentException& e) {
    return e.fields();
  }
  ADD_FAILURE() << "no ArgumentException";
  return {};
}

}  // namespace onepath::checks
