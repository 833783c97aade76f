// Detour (oracles/detour/nav_to_detour.*) on exactly the pairs of the golden
// family navmesh/query (nav.query.nearest, nav.query.astar; the comparison
// of nav.query.detour, on the vectors instead of fresh draws): for every
// vector with room for every state (maxNodes 65535), the mesh is built
// from the vector's level recipe and settings, stitched with
// f32(AgentMaxClimb) and given to Detour with its detail meshes
// (walkableClimb the same climb). Per pair, the nearest polygon of each
// point (half extents of the vector, Detour's findNearestPoly on the
// binary32 point) is compared with the reference's answer in the vector's
// output (NavQuery.FindPath), and reachability (found / unreachable,
// Detour's findPath with 65535 nodes between the reference's snapped
// polygons and points) with the reference's status. The counts are printed
// and named in the family's provenance (docs/golden-format.md); a
// difference fails unless Detour's documented behaviour explains it
// (nav.query.detour: its preference for a polygon the point is over within
// the climb), and none is expected on these pairs.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "conformance/differential/stitch_detour_compare.hpp"
#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/navmesh.hpp"
#include "oracles/detour/nav_to_detour.hpp"

namespace onepath::conformance::ops {
build3d::NavSettings Build3DSettingsFromJson(const nlohmann::json& s);
}

namespace {

using namespace onepath::navmesh;
namespace gen = onepath::gen;
namespace conf = onepath::conformance;
using nlohmann::json;

TEST(NavQueryGoldenDetour, NearestPolygonAndReachabilityAgreeOnTheGoldenPairs) {
  CLAUSE("nav.query.nearest nav.query.astar nav.stitch");
  const std::filesystem::path file =
      std::filesystem::path(ONEPATH_SOURCE_DIR) / "golden" / "navmesh" / "query" / "paths.jsonl";
  std::ifstream in(file);
  ASSERT_TRUE(in) << file;
  int vectors = 0, points = 0, sameNearest = 0, bothNone = 0, otherNearest = 0, pairs = 0,
      sameReach = 0, otherReach = 0, found = 0, unreachable = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const json v = json::parse(line);
    const json& input = v.at("input");
    if (input.at("maxNodes") != 65535) continue;
    ++vectors;
    const onepath::build3d::NavSettings settings =
        conf::ops::Build3DSettingsFromJson(input.at("settings"));
    gen::LevelOptions o;
    o.kind = *gen::LevelKindFromName(input.at("level").at("kind").get<std::string>());
    o.size = input.at("level").at("size").get<int>();
    o.seed = input.at("level").at("seed").get<std::uint64_t>();
    const NavMesh mesh = NavMesh::Build(gen::ToSoup(gen::MakeLevel(o).soup), {}, settings, {});
    const auto climb = static_cast<float>(settings.AgentMaxClimb);
    std::vector<detour_oracle::Tile> tiles;
    for (const NavTile* t : mesh.Tiles()) tiles.push_back(conf::ToDetour(*t, true));
    const NavTile& first = *mesh.Tiles().front();
    const double gridX = first.origin().x - first.tileX() * double{first.tileSize()};
    const double gridZ = first.origin().z - first.tileZ() * double{first.tileSize()};
    const detour_oracle::Mesh detour(tiles, climb, gridX, gridZ);
    ASSERT_TRUE(detour.error().empty()) << detour.error();
    const json ours = conf::DecodeOutput(v.at("op"), conf::RunOperation(v.at("op"), input));
    const json& half = input.at("halfExtents");
    const detour_oracle::Point h{half[0].get<float>(), half[1].get<float>(), half[2].get<float>()};
    for (std::size_t i = 0; i < input.at("pairs").size(); ++i) {
      const json& pair = input.at("pairs")[i];
      const json& answer = ours.at("pairs")[i];
      json snaps[2];
      for (int e = 0; e < 2; ++e) {
        ++points;
        const detour_oracle::Point p{pair[3 * e].get<float>(), pair[3 * e + 1].get<float>(),
                                     pair[3 * e + 2].get<float>()};
        const detour_oracle::Nearest d = detour.FindNearestPolygon(p, h);
        snaps[e] = answer.at(e == 0 ? "start" : "goal");
        if (!d.found || snaps[e].is_null()) {
          if (!d.found && snaps[e].is_null())
            ++bothNone;
          else
            ++otherNearest;
          continue;
        }
        const json key = {d.polygon.tileX, d.polygon.tileZ, d.polygon.layer, d.polygon.polygon};
        if (key == snaps[e].at("polygon"))
          ++sameNearest;
        else
          ++otherNearest;
        EXPECT_EQ(key, snaps[e].at("polygon")) << v.at("id") << " pair " << i << " end " << e;
      }
      if (snaps[0].is_null() || snaps[1].is_null()) continue;
      ++pairs;
      auto key = [](const json& s) {
        const json& r = s.at("polygon");
        return detour_oracle::PolygonKey{r[0].get<std::int32_t>(), r[1].get<std::int32_t>(),
                                         r[2].get<std::uint16_t>(), r[3].get<std::uint32_t>()};
      };
      auto point = [](const json& s) {
        const json& q = s.at("point");
        return detour_oracle::Point{static_cast<float>(q[0].get<double>()),
                                    static_cast<float>(q[1].get<double>()),
                                    static_cast<float>(q[2].get<double>())};
      };
      const detour_oracle::Path theirs =
          detour.FindPath(key(snaps[0]), key(snaps[1]), point(snaps[0]), point(snaps[1]));
      ASSERT_TRUE(theirs.error.empty()) << theirs.error;
      const std::string detourStatus = theirs.status == detour_oracle::Path::kFound ? "found"
                                       : theirs.status == detour_oracle::Path::kPartial
                                           ? "partial"
                                           : "unreachable";
      const std::string status = answer.at("status");
      found += status == "found";
      unreachable += status == "unreachable";
      if (detourStatus == status)
        ++sameReach;
      else
        ++otherReach;
      EXPECT_EQ(detourStatus, status) << v.at("id") << " pair " << i;
    }
  }
  std::printf(
      "navmesh/query against Detour: %d vectors, %d points: %d the same nearest polygon, %d "
      "none on both sides, %d other; %d pairs: %d the same reachability (%d found, %d "
      "unreachable), %d other\n",
      vectors, points, sameNearest, bothNone, otherNearest, pairs, sameReach, found, unreachable,
      otherReach);
  EXPECT_EQ(vectors, 7);
}

}  // namespace
