// What the tests that ran say about clauses: GoogleTest's XML output
// (--gtest_output=xml:FILE), one file per test program, read from a
// directory. The compliance report credits a clause with the tests that
// ran, passed and named it (CLAUSE(...), conformance/tests/clause.hpp), and
// with the fuzz targets whose regression replay ran and passed (the replay
// driver writes the same XML: fuzz/standalone_main.cpp).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace onepath::conformance {

struct TestResults {
  // False when no results were given: test coverage is unknown, and the
  // report says so instead of guessing.
  bool known = false;
  std::filesystem::path dir;
  std::vector<std::string> files;  // the XML files read, by name, sorted
  // Test cases: passed (ran, no failure), failed, skipped (GTEST_SKIP) and
  // not run (disabled or filtered out). Only passed ones are credited.
  int passed = 0, failed = 0, skipped = 0, not_run = 0;
  // clause id -> "Suite.Name" of every passed test naming it, sorted.
  std::map<std::string, std::vector<std::string>> coverage;
};

// Reads every *.xml file directly in `dir`. A test case's clauses are the
// ids, separated by spaces, of its property "clauses" (a child
// <property name="clauses" value="..."/>, or the attribute clauses="..."
// that older GoogleTest versions wrote). Throws std::runtime_error when `dir`
// is not a directory, holds no XML file, or a file is not GoogleTest's XML.
TestResults ReadTestResults(const std::filesystem::path& dir);

}  // namespace onepath::conformance
