// Layers that only point down (docs/architecture.md, "Layers"), checked on
// the source itself: a file of src/onepath/<layer>/ (or the umbrella header
// src/onepath/<layer>.hpp) includes headers of its own layer and of the
// layers below it, never of a layer above; no file of src/ includes
// conformance/, oracles/, tools/ or fuzz/; and a public header never
// includes an internal/ one (so the internals stay out of a library user's
// sight). No spec clause: a rule of the house. The layers are a table: build3d/ and navmesh/ are
// checked as soon as they exist.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Lowest first: a layer may include itself and what stands before it.
const std::vector<std::string> kLayers = {"core", "exact", "geom2d", "build3d", "navmesh"};

// Folders of the repository that the library never includes.
const std::vector<std::string> kOutside = {"conformance/", "oracles/", "tools/", "fuzz/"};

int LayerIndex(const std::string& name) {
  for (std::size_t i = 0; i < kLayers.size(); ++i)
    if (kLayers[i] == name) return static_cast<int>(i);
  return -1;
}

// "geom2d" for onepath/geom2d/region.hpp and for the umbrella onepath/geom2d.hpp.
std::string LayerOf(const std::string& pathUnderOnepath) {
  const std::string first = pathUnderOnepath.substr(0, pathUnderOnepath.find('/'));
  return first.size() > 4 && first.ends_with(".hpp") ? first.substr(0, first.size() - 4) : first;
}

bool IsInternal(const std::string& path) { return path.find("/internal/") != std::string::npos; }

// Every include of every .cpp and .hpp under root (a copy of src/onepath's
// parent, src/), against the rules above: one line per broken rule.
std::vector<std::string> LayerViolations(const fs::path& src) {
  const std::regex include(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(src)) {
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    const std::string file = fs::relative(e.path(), src).generic_string();  // onepath/...
    if (!file.starts_with("onepath/")) {
      out.push_back(file + ": outside src/onepath/");
      continue;
    }
    const std::string layer = LayerOf(file.substr(8));
    const int own = LayerIndex(layer);
    if (own < 0) out.push_back(file + ": layer \"" + layer + "\" is not in the table");
    std::ifstream in(e.path());
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const std::string target = m[1].str();
      const std::string where = file + ":" + std::to_string(number) + " includes " + target;
      for (const std::string& outside : kOutside)
        if (target.starts_with(outside))
          out.push_back(where + ": the library includes no " + outside);
      if (!target.starts_with("onepath/")) continue;
      const int theirs = LayerIndex(LayerOf(target.substr(8)));
      if (theirs < 0) out.push_back(where + ": not a layer of the table");
      if (own >= 0 && theirs > own) out.push_back(where + ": a higher layer");
      if (ext == ".hpp" && !IsInternal(file) && IsInternal(target))
        out.push_back(where + ": a public header includes an internal one");
    }
  }
  return out;
}

void Write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

}  // namespace

TEST(SourceLayers, EveryIncludeOfSrcPointsDown) {
  const fs::path src = fs::path(ONEPATH_SOURCE_DIR) / "src";
  std::vector<std::string> violations = LayerViolations(src);
  std::ostringstream text;
  for (const std::string& v : violations) text << v << "\n";
  EXPECT_TRUE(violations.empty()) << text.str();
  // The check saw the tree (every layer that exists has files).
  EXPECT_TRUE(fs::exists(src / "onepath" / "core" / "errors.hpp"));
  EXPECT_TRUE(fs::exists(src / "onepath" / "geom2d" / "region.hpp"));
}

// The checker itself, on a small tree with one planted include of each kind
// it must catch and the includes it must allow: it can fail.
TEST(SourceLayers, TheCheckCatchesPlantedIncludes) {
  const fs::path root =
      fs::temp_directory_path() / ("onepath_layers_" + std::to_string(::getpid()));
  fs::remove_all(root);
  Write(root / "onepath/core/a.hpp", "#include <vector>\n#include \"onepath/core/b.hpp\"\n");
  Write(root / "onepath/exact/e.cpp", "#include \"onepath/core/a.hpp\"\n");
  Write(root / "onepath/geom2d/g.cpp", "#include \"onepath/geom2d/internal/i.hpp\"\n");
  Write(root / "onepath/geom2d.hpp", "#include \"onepath/geom2d/g.hpp\"\n");
  EXPECT_TRUE(LayerViolations(root).empty());

  Write(root / "onepath/core/up.hpp", "#include \"onepath/geom2d/region.hpp\"\n");
  Write(root / "onepath/exact/umbrella.cpp", "  #  include \"onepath/geom2d.hpp\"\n");
  Write(root / "onepath/build3d/spans.cpp", "#include \"onepath/navmesh/tile.hpp\"\n");
  Write(root / "onepath/geom2d/t.cpp", "#include \"conformance/tests/clause.hpp\"\n");
  Write(root / "onepath/geom2d/o.cpp", "#include <oracles/cgal/cdt_cgal.hpp>\n");
  Write(root / "onepath/geom2d/public.hpp", "#include \"onepath/geom2d/internal/i.hpp\"\n");
  Write(root / "onepath/unknown/u.cpp", "#include \"onepath/core/a.hpp\"\n");
  const std::vector<std::string> found = LayerViolations(root);
  fs::remove_all(root);
  auto caught = [&](const std::string& what) {
    for (const std::string& v : found)
      if (v.find(what) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(caught("onepath/core/up.hpp:1 includes onepath/geom2d/region.hpp: a higher layer"));
  EXPECT_TRUE(caught("onepath/exact/umbrella.cpp:1 includes onepath/geom2d.hpp: a higher layer"));
  EXPECT_TRUE(caught("onepath/build3d/spans.cpp:1 includes onepath/navmesh/tile.hpp: a higher"));
  EXPECT_TRUE(caught("onepath/geom2d/t.cpp:1 includes conformance/tests/clause.hpp"));
  EXPECT_TRUE(caught("onepath/geom2d/o.cpp:1 includes oracles/cgal/cdt_cgal.hpp"));
  EXPECT_TRUE(
      caught("onepath/geom2d/public.hpp:1 includes onepath/geom2d/internal/i.hpp: a public"));
  EXPECT_TRUE(caught("onepath/unknown/u.cpp: layer \"unknown\" is not in the table"));
  EXPECT_EQ(found.size(), 7u);
}
