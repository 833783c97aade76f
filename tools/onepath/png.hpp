// A PNG image as a data URI, for pictures embedded in SVG files (the level
// pictures of `onepath generate level --svg`): 8-bit RGB, no filter, zlib
// compression.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace onepath::tools {

// "data:image/png;base64,..." for a width x height image, rows top to
// bottom, three bytes (R, G, B) per pixel.
std::string PngDataUri(int width, int height, std::span<const std::uint8_t> rgb);

}  // namespace onepath::tools
