// Fuzz target for a tile's bytes (docs/spec/navmesh-format.md):
// NavTile Deserialize on arbitrary bytes.
// clauses: nav.deserialize nav.serialize nav.create nav.convex
// clauses: err.nothing-else
//
// Input: the bytes themselves, given to Deserialize. The seeds in
// fuzz/regressions/navmesh_tile/ are serialized tiles (the two-polygon
// tile of conformance/tests/test_navmesh_tile.cpp and damaged copies), so
// mutations start from valid bytes.
//
// Checks: only ArgumentException (or its out-of-range kind) escapes
// (nav.deserialize, nav.create: bad bytes are bad input, never a limit or
// a defect; err.nothing-else). A tile that is returned serializes to the
// very bytes it was read from (the bytes are canonical), and Create on its
// own fields returns the same tile.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <span>
#include <string>
#include <vector>

#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

using namespace onepath;
using namespace onepath::navmesh;

namespace {

[[noreturn]] void Fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_navmesh_tile: %s\n", what.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  try {
    const NavTile tile = Deserialize(bytes);
    if (Serialize(tile) != std::vector<std::uint8_t>(bytes.begin(), bytes.end()))
      Fail("a tile read from bytes serializes to other bytes");
    const NavTile again = NavTile::Create(
        tile.tileX(), tile.tileZ(), tile.layer(), tile.origin(), tile.tileSize(), tile.vertices(),
        tile.polygons(), tile.detailPolygons(), tile.detailVertices(), tile.detailTriangles());
    if (!(again == tile)) Fail("Create on a read tile's fields gives another tile");
  } catch (const ArgumentException&) {
    // nav.deserialize, nav.create: the spec's errors for bad bytes.
  } catch (const OnePathException& e) {
    Fail(std::string("an exception nav.deserialize does not name: ") + e.typeName() + ": " +
         DescribeError(e));
  } catch (const std::exception& e) {
    Fail(std::string("an exception the spec does not allow: ") + e.what());
  } catch (...) {
    Fail("an exception the spec does not allow (not a std::exception)");
  }
  return 0;
}
