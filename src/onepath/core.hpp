// The core's public surface: the spec's exceptions (docs/spec/errors.md),
// canonical bytes and their hash (canonical.md), the FP-environment
// preflight (numerics.md), public coordinates, 128-bit integers and every
// numeric limit.
#pragma once

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/fp_environment.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/core/vector2d.hpp"
