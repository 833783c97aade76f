// A program outside this repository's build that uses the installed
// library the way a user does (README.md, "Using the library"): the two
// umbrella headers only, found through pkg-config or a Meson subproject.
// It builds the inputs of two golden vectors and prints, for each, the
// vector's id and the SHA-256 of the output's canonical bytes;
// check_install.py compares them with the vectors' expected hashes.
#include <cstdio>
#include <onepath/build3d.hpp>
#include <onepath/geom2d.hpp>
#include <vector>

namespace {

// mesh2d_build_from_outlines/rooms/d92977cebcd7 (golden/build2d/build2d.jsonl):
// the L-shaped room (0,0) (4,0) (4,2) (2,2) (2,4) (0,4), AgentRadius 0,
// SnapBits 0, CellSize 0.25, at most 6 vertices per polygon.
std::string Mesh2DHash() {
  using onepath::Vector2D;
  namespace g = onepath::geom2d;
  std::vector<g::Outline> outlines(1);
  outlines[0].rings = {{Vector2D{0, 0}, Vector2D{4, 0}, Vector2D{4, 2}, Vector2D{2, 2},
                        Vector2D{2, 4}, Vector2D{0, 4}}};
  g::Mesh2DSettings settings;
  settings.SnapBits = 0;
  settings.CellSize = 0.25;
  settings.AgentRadius = 0.0;
  settings.MaxVerticesPerPolygon = 6;
  g::Mesh2DBuild build = g::Mesh2DPipeline::BuildFromOutlines(outlines, settings);
  return onepath::Sha256Hex(g::CanonicalBytes(build.polygons));
}

// b3d_tile_spans/hand/e27143a00c7c (golden/build3d/spans/spans.jsonl): one
// face steeper than 45 degrees, tile (0, 0), the settings' defaults but
// for the ones set here.
std::string TileSpansHash() {
  namespace b = onepath::build3d;
  b::TriangleSoup soup;
  soup.vertices = {0.0f, 0.0f, 0.0f, 0.0f, 3.5f, 4.0f, 4.0f, 0.0f, 0.0f};
  soup.indices = {0, 1, 2};
  b::NavSettings settings;
  settings.AgentHeight = 2.0;
  settings.AgentMaxClimb = 0.5;
  settings.AgentRadius = 0.5;
  settings.CellHeight = 0.125;
  settings.CellSize = 0.25;
  settings.TileSize = 4.0;
  b::Mesh3DTileSpans tile = b::Mesh3DPipeline::TileSpans(soup, {}, settings, 0, 0);
  return onepath::Sha256Hex(b::CanonicalBytes(tile.volumes));
}

}  // namespace

int main() {
  onepath::FpPreflight preflight = onepath::RunFpPreflight();
  if (!preflight.ok()) {
    std::fprintf(stderr, "FP preflight failed:\n%s\n", preflight.Summary().c_str());
    return 1;
  }
  std::printf("mesh2d_build_from_outlines/rooms/d92977cebcd7 %s\n", Mesh2DHash().c_str());
  std::printf("b3d_tile_spans/hand/e27143a00c7c %s\n", TileSpansHash().c_str());
  return 0;
}
