#include "conformance/runner/test_results.hpp"

#include <expat.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace onepath::conformance {

namespace fs = std::filesystem;

namespace {

// One test case as the parser meets it.
struct Case {
  std::string name, classname, status, result, clauses;
  bool failure = false, skipped = false;
};

struct Parse {
  TestResults* out = nullptr;
  int depth = 0;
  bool root_ok = false;
  bool in_case = false;
  Case current;
};

std::string Attribute(const XML_Char** attributes, const char* name) {
  for (int i = 0; attributes[i]; i += 2)
    if (std::strcmp(attributes[i], name) == 0) return attributes[i + 1];
  return "";
}

void OnStart(void* data, const XML_Char* element, const XML_Char** attributes) {
  Parse& p = *static_cast<Parse*>(data);
  if (p.depth++ == 0) p.root_ok = std::strcmp(element, "testsuites") == 0;
  if (std::strcmp(element, "testcase") == 0) {
    p.in_case = true;
    p.current = Case{Attribute(attributes, "name"), Attribute(attributes, "classname"),
                     Attribute(attributes, "status"), Attribute(attributes, "result"),
                     Attribute(attributes, "clauses")};
  } else if (p.in_case && std::strcmp(element, "property") == 0 &&
             Attribute(attributes, "name") == "clauses") {
    p.current.clauses = Attribute(attributes, "value");
  } else if (p.in_case &&
             (std::strcmp(element, "failure") == 0 || std::strcmp(element, "error") == 0)) {
    p.current.failure = true;
  } else if (p.in_case && std::strcmp(element, "skipped") == 0) {
    p.current.skipped = true;
  }
}

void OnEnd(void* data, const XML_Char* element) {
  Parse& p = *static_cast<Parse*>(data);
  --p.depth;
  if (!p.in_case || std::strcmp(element, "testcase") != 0) return;
  p.in_case = false;
  const Case& c = p.current;
  TestResults& out = *p.out;
  if (c.status == "notrun") {
    ++out.not_run;
  } else if (c.skipped || c.result == "skipped") {
    ++out.skipped;
  } else if (c.failure) {
    ++out.failed;
  } else {
    ++out.passed;
    std::istringstream ids(c.clauses);
    for (std::string id; ids >> id;) out.coverage[id].push_back(c.classname + "." + c.name);
  }
}

void ReadOne(const fs::path& file, TestResults& out) {
  std::ifstream in(file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) throw std::runtime_error("cannot read " + file.string());
  std::unique_ptr<std::remove_pointer_t<XML_Parser>, decltype(&XML_ParserFree)> parser(
      XML_ParserCreate("UTF-8"), &XML_ParserFree);
  if (!parser) throw std::runtime_error("out of memory reading " + file.string());
  Parse p;
  p.out = &out;
  XML_SetUserData(parser.get(), &p);
  XML_SetElementHandler(parser.get(), OnStart, OnEnd);
  if (XML_Parse(parser.get(), text.data(), static_cast<int>(text.size()), 1) != XML_STATUS_OK)
    throw std::runtime_error(file.string() + ": not well-formed XML (line " +
                             std::to_string(XML_GetCurrentLineNumber(parser.get())) +
                             "): " + XML_ErrorString(XML_GetErrorCode(parser.get())));
  if (!p.root_ok)
    throw std::runtime_error(file.string() +
                             ": not GoogleTest's XML output (the root is not <testsuites>)");
}

}  // namespace

TestResults ReadTestResults(const fs::path& dir) {
  if (!fs::is_directory(dir))
    throw std::runtime_error("test results: " + dir.string() + " is not a directory");
  TestResults out;
  out.known = true;
  out.dir = dir;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".xml")
      out.files.push_back(e.path().filename().string());
  std::sort(out.files.begin(), out.files.end());
  if (out.files.empty())
    throw std::runtime_error("test results: no *.xml file in " + dir.string() +
                             " (run the tests first: meson test -C BUILDDIR)");
  for (const std::string& name : out.files) ReadOne(dir / name, out);
  for (auto& [id, tests] : out.coverage) {
    std::sort(tests.begin(), tests.end());
    tests.erase(std::unique(tests.begin(), tests.end()), tests.end());
  }
  return out;
}

}  // namespace onepath::conformance
