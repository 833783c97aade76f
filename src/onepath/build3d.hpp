// The 3D build's public API, tile grid, span, region and polygon stages
// (docs/spec/build3d-tiles.md, build3d-spans.md, build3d-regions.md,
// build3d-polygons.md, build3d-detail.md). Internals are under
// onepath/build3d/internal/.
#pragma once

#include "onepath/build3d/contours.hpp"     // ContourSet, Contour, ContourVertex
#include "onepath/build3d/detail_mesh.hpp"  // DetailMesh, DetailMeshBuilder
#include "onepath/build3d/heightfield.hpp"  // Span, Heightfield, CompactSpan, CompactHeightfield
#include "onepath/build3d/input.hpp"     // TriangleSoup, HeightfieldInput, VoxelChunk, ConvexVolume
#include "onepath/build3d/pipeline.hpp"  // Mesh3DPipeline, Mesh3DTileSpans
#include "onepath/build3d/polygonizer.hpp"  // PolyMesh, Polygonizer
#include "onepath/build3d/regions.hpp"      // DistanceField, TileRegions, BorderCut, RegionPipeline
#include "onepath/build3d/settings.hpp"     // NavSettings, DerivedSettings
#include "onepath/build3d/slope_math.hpp"   // SlopeMath
#include "onepath/build3d/span_pipeline.hpp"  // SpanPipeline
#include "onepath/build3d/tile_grid.hpp"    // tiles, triangle selection, TileGrid, TileCoordinates
#include "onepath/build3d/tile_layers.hpp"  // RegionLayers
#include "onepath/build3d/voxelizer.hpp"    // Voxelizer, TileTriangles
#include "onepath/core/limits.hpp"          // the limits with their clauses
