// Oracle for a tile's layers (docs/spec/build3d-tiles.md, b3d.tile-layers):
// a brute-force transcription written from the spec text alone (with the
// clauses it cites: b3d.span.connect for what a connection is,
// b3d.region.border-cut for the cut's ids). Shares no code and no types
// with src/: it includes no header from there, and has its own input and
// output structs below.
//
// Method: no bookkeeping. Whether two regions share a column is decided by
// scanning every cell; whether they are adjacent by scanning every span's
// four connections; whether a layer is free by testing every region of
// smaller id. Cubic in the number of regions: for test-sized tiles only.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace onepath::oracle {

// A span as b3d.tile-layers reads it: its id in the cut and, per
// direction d (0: -x, 1: +z, 2: +x, 3: -z, b3d.span.directions), the index
// of the connected span in the neighbour column, or -1 for none.
struct BfLayerSpan {
  std::int64_t region = 0;
  std::int64_t con[4] = {-1, -1, -1, -1};
};

struct BfLayerInput {
  std::int64_t width = 0;
  std::int64_t depth = 0;
  std::vector<std::vector<BfLayerSpan>> columns;  // column x + width * z
  std::int64_t borderId = 1;
  bool layersPartition = true;  // Partition = Layers
};

struct BfLayerResult {
  std::vector<std::int64_t> layers;   // entry per id 0 .. borderId
  std::optional<std::int64_t> error;  // the limit's count (layer + 1), if thrown
};

// Test-only mutations of the rule (negative controls of the differential
// test): kLowestFree ignores the neighbours' layers.
enum class BfLayerRule { kSpec, kLowestFree };

BfLayerResult BfRegionLayers(const BfLayerInput& input, BfLayerRule rule = BfLayerRule::kSpec);

}  // namespace onepath::oracle
