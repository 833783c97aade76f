// The 2D chapter's public surface (docs/spec/region.md, offset.md,
// shrink.md, triangulate.md, pipeline.md, and the stages with golden
// vectors of their own, arrangement.md and cdt.md): what a library user
// includes. The stages' internals and the knobs tests use are under
// onepath/geom2d/internal/, which no public header includes.
#pragma once

#include "onepath/core.hpp"
#include "onepath/geom2d/arrangement.hpp"    // Arrangement.Build (arr.*)
#include "onepath/geom2d/cdt.hpp"            // Cdt.ConstrainedDelaunay (cdt.*)
#include "onepath/geom2d/grid_point.hpp"     // grid points (grid.*)
#include "onepath/geom2d/outline.hpp"        // outlines, Geometry2DOptions
#include "onepath/geom2d/pipeline.hpp"       // Mesh2DPipeline (pipeline.*, shrink.*)
#include "onepath/geom2d/region.hpp"         // Region (region.*, offset.*)
#include "onepath/geom2d/triangulation.hpp"  // Triangulate, PartitionConvex outputs
