// Multi-tile meshes for portal stitching (stitch_meshes.hpp).
#include "conformance/generators/stitch_meshes.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace onepath::conformance {

using navmesh::DetailPolygon;
using navmesh::DetailTriangle;
using navmesh::EdgeLink;
using navmesh::NavPolygon;
using navmesh::NavTile;
using navmesh::TileVertex;

navmesh::NavTile MakeFanTile(const FanTileSpec& spec) {
  const float s = spec.tileSize;
  // The ring (x, z) and the side of each ring edge, in ring order.
  std::vector<std::pair<float, float>> ring;
  std::vector<std::uint32_t> edgeSide;
  auto addSide = [&](std::uint32_t side, std::pair<float, float> start, std::vector<float> pts,
                     bool descending, bool alongZ) {
    if (descending) std::reverse(pts.begin(), pts.end());
    ring.push_back(start);
    edgeSide.push_back(side);
    for (float t : pts) {
      ring.push_back(alongZ ? std::make_pair(start.first, t) : std::make_pair(t, start.second));
      edgeSide.push_back(side);
    }
  };
  addSide(navmesh::kSideX0, {0.0f, 0.0f}, spec.sidePoints[0], false, true);
  addSide(navmesh::kSideZMax, {0.0f, s}, spec.sidePoints[3], false, false);
  addSide(navmesh::kSideXMax, {s, s}, spec.sidePoints[2], true, true);
  addSide(navmesh::kSideZ0, {s, 0.0f}, spec.sidePoints[1], true, false);
  const int ringSize = static_cast<int>(ring.size());

  std::vector<TileVertex> vertices;
  vertices.push_back({s / 2, spec.localY(s / 2, s / 2), s / 2});
  for (const auto& [x, z] : ring) vertices.push_back({x, spec.localY(x, z), z});

  // Runs per side, in ring order of the sides (0, 3, 2, 1).
  std::vector<int> runs;
  for (int side : {0, 3, 2, 1}) {
    const int edges = static_cast<int>(spec.sidePoints[side].size()) + 1;
    if (spec.runs[side].empty()) {
      runs.insert(runs.end(), edges, 1);
    } else {
      runs.insert(runs.end(), spec.runs[side].begin(), spec.runs[side].end());
    }
  }
  const int count = static_cast<int>(runs.size());
  std::vector<NavPolygon> polygons;
  std::vector<DetailPolygon> detailPolygons;
  std::vector<DetailTriangle> detailTriangles;
  int first = 0;  // first ring edge of the run
  for (int p = 0; p < count; ++p) {
    NavPolygon polygon;
    polygon.vertices.push_back(0);
    polygon.links.push_back(
        {navmesh::kLinkPolygon, static_cast<std::uint32_t>((p + count - 1) % count)});
    for (int k = 0; k < runs[p]; ++k) {
      const int e = first + k;
      polygon.vertices.push_back(static_cast<std::uint16_t>(e + 1));
      polygon.links.push_back(spec.wall(e) ? EdgeLink{navmesh::kLinkWall, 0}
                                           : EdgeLink{navmesh::kLinkPortal, edgeSide[e]});
    }
    polygon.vertices.push_back(static_cast<std::uint16_t>((first + runs[p]) % ringSize + 1));
    polygon.links.push_back({navmesh::kLinkPolygon, static_cast<std::uint32_t>((p + 1) % count)});
    polygon.area = 1;
    polygon.flags = 1;
    first += runs[p];
    // The detail: a fan from corner 0; bit k set when triangle edge k is a
    // polygon edge (nav.detail).
    const int n = static_cast<int>(polygon.vertices.size());
    DetailPolygon detail;
    detail.vertexBase = 0;
    detail.vertexCount = 0;
    detail.triangleBase = static_cast<std::uint32_t>(detailTriangles.size());
    detail.triangleCount = static_cast<std::uint32_t>(n - 2);
    for (int i = 1; i + 1 < n; ++i) {
      const std::uint8_t flags =
          static_cast<std::uint8_t>((i == 1 ? 1 : 0) | 2 | (i + 1 == n - 1 ? 4 : 0));
      detailTriangles.push_back({static_cast<std::uint8_t>(0), static_cast<std::uint8_t>(i),
                                 static_cast<std::uint8_t>(i + 1), flags});
    }
    detailPolygons.push_back(detail);
    polygons.push_back(std::move(polygon));
  }
  return NavTile::Create(spec.tileX, spec.tileZ, spec.layer, spec.origin, spec.tileSize,
                         std::move(vertices), std::move(polygons), std::move(detailPolygons), {},
                         std::move(detailTriangles));
}

StitchMesh RandomStitchMesh(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  StitchMesh mesh;
  const float s = uniform(0, 1) == 0 ? 4.0f : 8.0f;
  const float climb = 0.25f * static_cast<float>(uniform(1, 3));
  mesh.climb = climb;
  const int nx = uniform(1, 3), nz = uniform(1, 3);
  const int tx0 = uniform(-2, 2), tz0 = uniform(-2, 2);
  const double frameX = 0.5 * uniform(-40, 40), frameZ = 0.5 * uniform(-40, 40);
  const double slopes[] = {0.0, 0.05, -0.1, 0.125};
  const double slopeX = slopes[uniform(0, 3)], slopeZ = slopes[uniform(0, 3)];
  for (int tz = tz0; tz < tz0 + nz; ++tz) {
    for (int tx = tx0; tx < tx0 + nx; ++tx) {
      if (uniform(0, 6) == 0) continue;
      const int layers = uniform(0, 2) == 0 ? 2 : 1;
      const int firstLevel = uniform(0, 1);
      for (int layer = 0; layer < layers; ++layer) {
        const int level = layers == 2 ? (firstLevel + layer) % 2 : firstLevel;
        FanTileSpec spec;
        spec.tileX = tx;
        spec.tileZ = tz;
        spec.layer = static_cast<std::uint16_t>(layer);
        spec.origin = {frameX + tx * static_cast<double>(s), 5.0 * level + 0.25 * uniform(-8, 8),
                       frameZ + tz * static_cast<double>(s)};
        spec.tileSize = s;
        for (int side = 0; side < 4; ++side) {
          std::vector<float> pts;
          const int m = uniform(0, 7) == 0 ? uniform(4, 6) : uniform(0, 3);
          for (int i = 0; i < m; ++i) {
            float t = uniform(0, 4) == 0 ? std::uniform_real_distribution<float>(0.0f, s)(rng)
                                         : s / 16 * static_cast<float>(uniform(1, 15));
            if (t > 0.0f && t < s) pts.push_back(t);
          }
          std::sort(pts.begin(), pts.end());
          pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
          int edges = static_cast<int>(pts.size()) + 1;
          while (edges > 0) {
            const int run = std::min(edges, uniform(1, 3));
            spec.runs[side].push_back(run);
            edges -= run;
          }
          spec.sidePoints[side] = std::move(pts);
        }
        const double offsets[] = {0.0, 0.0, 0.0, 1.5, -1.5, 2.5, -2.5};
        const double offset = offsets[uniform(0, 6)] * climb;
        const double base = 5.0 * level;
        const navmesh::TileOrigin origin = spec.origin;
        const double noise = 0.2 * climb;
        spec.localY = [&rng, origin, base, offset, noise, slopeX, slopeZ](float x, float z) {
          const double wx = origin.x + x, wz = origin.z + z;
          const double jitter = std::uniform_real_distribution<double>(-noise, noise)(rng);
          const double y = base + slopeX * wx + slopeZ * wz + offset + jitter - origin.y;
          const float f = static_cast<float>(y);
          return f == 0.0f ? 0.0f : f;  // no -0 (nav.create)
        };
        std::vector<bool> walls(64);
        for (std::size_t e = 0; e < walls.size(); ++e) walls[e] = uniform(0, 9) == 0;
        spec.wall = [walls](int e) { return walls[static_cast<std::size_t>(e)]; };
        mesh.tiles.push_back(MakeFanTile(spec));
      }
    }
  }
  return mesh;
}

}  // namespace onepath::conformance
