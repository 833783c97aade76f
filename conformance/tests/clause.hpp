// Tests name the clause ids they check (docs/spec/README.md, "Clause ids").
// CLAUSE("pred.orient2d pred.domain") in a test records the ids in the
// GoogleTest XML output (property "clauses"), from which the compliance
// report credits each clause with the tests that ran and passed
// (`onepath conformance --test-results`, conformance/runner/test_results.hpp).
//
// A test may call CLAUSE several times (and a RapidCheck property once per
// case): GoogleTest keeps only the last value recorded for a key, so each
// call records every id the test has named so far, once each, in the order
// first named.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

namespace onepath::conformance {

// Adds the ids (separated by spaces) to `named`, each once, and returns
// them all, separated by spaces, in the order first named.
inline std::string AddClauses(std::vector<std::string>& named, const std::string& ids) {
  std::istringstream in(ids);
  for (std::string id; in >> id;)
    if (std::find(named.begin(), named.end(), id) == named.end()) named.push_back(id);
  std::string value;
  for (const std::string& id : named) value += (value.empty() ? "" : " ") + id;
  return value;
}

// Records, as the running test's property "clauses", every id it has
// named so far.
inline void RecordClauses(const std::string& ids) {
  static std::mutex mutex;
  static const ::testing::TestInfo* test = nullptr;
  static std::vector<std::string> named;
  std::lock_guard<std::mutex> lock(mutex);
  const ::testing::TestInfo* now = ::testing::UnitTest::GetInstance()->current_test_info();
  if (now != test) {
    test = now;
    named.clear();
  }
  ::testing::Test::RecordProperty("clauses", AddClauses(named, ids));
}

}  // namespace onepath::conformance

#define CLAUSE(ids) ::onepath::conformance::RecordClauses(ids)
