// The 3D build's public API, tile grid and span stages
// (docs/spec/build3d-tiles.md, build3d-spans.md). Internals are under
// onepath/build3d/internal/.
#pragma once

#include "onepath/build3d/heightfield.hpp"  // Span, Heightfield, CompactSpan, CompactHeightfield
#include "onepath/build3d/input.hpp"     // TriangleSoup, HeightfieldInput, VoxelChunk, ConvexVolume
#include "onepath/core/limits.hpp"    // the limits with their clauses
#include "onepath/build3d/pipeline.hpp"  // Mesh3DPipeline, Mesh3DTileSpans
#include "onepath/build3d/settings.hpp"  // NavSettings, DerivedSettings
#include "onepath/build3d/slope_math.hpp"     // SlopeMath
#include "onepath/build3d/span_pipeline.hpp"  // SpanPipeline
#include "onepath/build3d/tile_grid.hpp"      // tiles, triangle selection, TileGrid
#include "onepath/build3d/voxelizer.hpp"      // Voxelizer, TileTriangles
