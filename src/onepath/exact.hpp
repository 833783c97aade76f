// The exact predicates' public surface (docs/spec/predicates.md):
// Predicates.Orient2D and Predicates.InCircle, checked and unchecked, and
// their integer forms.
#pragma once

#include "onepath/core.hpp"
#include "onepath/exact/predicates.hpp"
