// Internal to the Recast oracle: the checks that keep a call within what
// Recast can compare, and the copies between the oracle's values and
// Recast's structures. Recast's own destructors (~rcHeightfield,
// ~rcCompactHeightfield) free what rcCreateHeightfield, rcAddSpan,
// rcBuildCompactHeightfield and FillCompact allocate, so the structures live
// on the stack of each call.
#pragma once

#include <recastnavigation/Recast.h>

#include <string>

#include "oracles/recast/recast_oracle.hpp"

namespace recast_oracle::detail {

// "" when lo <= value <= hi, else a message naming the value.
std::string CheckRange(const char* name, std::int64_t value, std::int64_t lo, std::int64_t hi);

// Sizes, smin < smax <= 8191 and area <= 63; CheckSeparatedSpans also
// the order of b3d.span.heightfield (each smin above the previous smax).
std::string CheckSpans(const Heightfield& field);
std::string CheckSeparatedSpans(const Heightfield& field);

// Sizes, at most 255 spans a column and fewer than 2^24 in all, areas, and
// connections that name an existing span of a neighbour inside the grid.
std::string CheckCompact(const CompactHeightfield& field);

// A width x depth Recast heightfield (geometry unused by the filters)
// holding the field's spans, added column by column, span by span, with
// rcAddSpan and the given threshold. False when Recast runs out of memory.
bool LoadSpans(rcContext& ctx, const Heightfield& field, int threshold, rcHeightfield& hf);

// Columns 0 .. width - 1 of each of the depth rows of hf (hf may be wider).
Heightfield ReadSpans(const rcHeightfield& hf, int width, int depth);

// Fills chf's public arrays from the field (rcAlloc'd, freed by chf's
// destructor). False when an allocation fails.
bool FillCompact(const CompactHeightfield& field, rcCompactHeightfield& chf);
CompactHeightfield ReadCompact(const rcCompactHeightfield& chf);

}  // namespace recast_oracle::detail
