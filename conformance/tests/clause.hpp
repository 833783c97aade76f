// Tests name the clause ids they check (docs/spec/README.md, "Clause ids").
// CLAUSE("pred.orient2d pred.domain") as the first statement of a test:
//  - records the ids in the GoogleTest XML output (property "clauses");
//  - is found by the report generator, which scans test sources for it, so
//    the compliance report can list, per clause, the tests that cover it.
#pragma once

#include <gtest/gtest.h>

#define CLAUSE(ids) ::testing::Test::RecordProperty("clauses", ids)
