// The detail part of the golden family build3d/polys
// (build3d_detail_vectors.cpp): DetailMeshBuilder.Build vectors, expected
// hashes from the brute-force detail oracle.
#pragma once

#include <filesystem>

namespace onepath::golden {

// Writes DIR/detail.jsonl and DIR/detail_errors.jsonl; CONTOURS_JSONL is
// golden/build3d/contours/contours.jsonl (the traced tiles' fields).
void WriteDetailVectors(const std::filesystem::path& dir,
                        const std::filesystem::path& contours_jsonl);

}  // namespace onepath::golden
