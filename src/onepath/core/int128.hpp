// 128-bit integers, declared once for the whole project.
//
// Exact integer predicates and constructions on grid coordinates
// (pred.orient2d.int, grid.construct, arr.round, region.area, cdt.*) need
// products of two 64-bit values. `__int128` is a GCC/Clang extension that
// exists on every 64-bit target we build for (not on 32-bit ones:
// docs/platforms.md); `__extension__` keeps -Wpedantic quiet about it.
#pragma once

namespace onepath {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

}  // namespace onepath
