// A tile's bytes (docs/spec/navmesh-format.md, nav.serialize,
// nav.deserialize): Serialize writes every field in the clause's order;
// Deserialize reads them back, with its own errors for the magic, the
// version and the length, then checks the values as NavTile::Create does.
// A mesh's bytes (nav.mesh-bytes) and the links' bytes (nav.links-bytes).
#include <cstddef>
#include <cstring>
#include <span>
#include <utility>

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh/internal/tile_checks.hpp"
#include "onepath/navmesh/navmesh.hpp"
#include "onepath/navmesh/stitch.hpp"
#include "onepath/navmesh/tile.hpp"

namespace onepath::navmesh {

std::vector<std::uint8_t> Serialize(const NavTile& tile) {
  CanonicalWriter w;
  for (std::uint8_t b : kTileMagic) w.U8(b);
  w.U16(kTileFormatVersion);
  w.I32(tile.tileX());
  w.I32(tile.tileZ());
  w.U16(tile.layer());
  w.F64(tile.origin().x);
  w.F64(tile.origin().y);
  w.F64(tile.origin().z);
  w.F32(tile.tileSize());
  const auto positions = [&w](const std::vector<TileVertex>& list) {
    w.Count(list.size());
    for (const TileVertex& v : list) {
      w.F32(v.x);
      w.F32(v.y);
      w.F32(v.z);
    }
  };
  positions(tile.vertices());
  w.Count(tile.polygons().size());
  for (const NavPolygon& p : tile.polygons()) {
    w.U8(static_cast<std::uint8_t>(p.vertices.size()));  // 3 .. 6 (nav.create)
    for (std::uint16_t v : p.vertices) w.U16(v);
    for (const EdgeLink& link : p.links) {
      w.U8(link.kind);
      w.U32(link.value);
    }
    w.U8(p.area);
    w.U16(p.flags);
  }
  w.Count(tile.detailPolygons().size());
  for (const DetailPolygon& d : tile.detailPolygons()) {
    w.U32(d.vertexBase);
    w.U32(d.vertexCount);
    w.U32(d.triangleBase);
    w.U32(d.triangleCount);
  }
  positions(tile.detailVertices());
  w.Count(tile.detailTriangles().size());
  for (const DetailTriangle& t : tile.detailTriangles()) {
    w.U8(t.a);
    w.U8(t.b);
    w.U8(t.c);
    w.U8(t.flags);
  }
  return w.Take();
}

std::vector<std::uint8_t> CanonicalBytes(const NavTile& tile) { return Serialize(tile); }

namespace {

// nav.deserialize: little-endian fields; a field the bytes end inside, or
// a count whose elements cannot fit, is ArgumentException "bytes".
class TileReader {
 public:
  explicit TileReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

  std::uint64_t Little(std::size_t width) {
    if (bytes_.size() - pos_ < width) Truncated();
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < width; ++i) v |= std::uint64_t{bytes_[pos_ + i]} << (8 * i);
    pos_ += width;
    return v;
  }
  std::uint8_t U8() { return static_cast<std::uint8_t>(Little(1)); }
  std::uint16_t U16() { return static_cast<std::uint16_t>(Little(2)); }
  std::uint32_t U32() { return static_cast<std::uint32_t>(Little(4)); }
  std::int32_t I32() { return static_cast<std::int32_t>(U32()); }
  float F32() {
    const std::uint32_t bits = U32();
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  double F64() {
    const std::uint64_t bits = Little(8);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  // A list's count, checked against the smallest size of an element.
  std::size_t Count(std::size_t smallest) {
    const std::uint64_t n = U32();
    if (n * smallest > bytes_.size() - pos_) Truncated();
    return static_cast<std::size_t>(n);
  }
  bool AtEnd() const { return pos_ == bytes_.size(); }
  std::size_t Remaining() const { return bytes_.size() - pos_; }
  std::span<const std::uint8_t> Take(std::size_t n) {
    if (n > Remaining()) Truncated();
    const auto part = bytes_.subspan(pos_, n);
    pos_ += n;
    return part;
  }
  [[noreturn]] void Truncated() const {
    throw ArgumentException(
        "the tile's bytes end early",
        {.argument = "bytes", .count = static_cast<std::int64_t>(bytes_.size())});
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
};

std::vector<TileVertex> ReadPositions(TileReader& r) {
  std::vector<TileVertex> list(r.Count(12));
  for (TileVertex& v : list) {
    v.x = r.F32();
    v.y = r.F32();
    v.z = r.F32();
  }
  return list;
}

}  // namespace

NavTile Deserialize(std::span<const std::uint8_t> bytes) {
  // nav.deserialize 1: the magic.
  if (bytes.size() < 4 || std::memcmp(bytes.data(), kTileMagic, 4) != 0) {
    throw ArgumentException("not a tile: the magic is missing", {.argument = "magic"});
  }
  TileReader r(bytes.subspan(0));
  for (int i = 0; i < 4; ++i) r.U8();
  // nav.deserialize 2: the version.
  const std::uint16_t version = r.U16();
  if (version != kTileFormatVersion) {
    throw ArgumentOutOfRangeException("unsupported tile format version",
                                      {.argument = "version", .value = version});
  }
  // nav.deserialize 3: the fields of nav.serialize in order.
  const std::int32_t tileX = r.I32();
  const std::int32_t tileZ = r.I32();
  const std::uint16_t layer = r.U16();
  TileOrigin origin;
  origin.x = r.F64();
  origin.y = r.F64();
  origin.z = r.F64();
  const float tileSize = r.F32();
  std::vector<TileVertex> vertices = ReadPositions(r);
  std::vector<NavPolygon> polygons(r.Count(4));
  // A corner count above kMaxVertsPerPoly is read with its corners and
  // links (the bytes' errors come first), which are not kept: nav.create
  // rejects it (ThrowCornerCount, below), unless a polygon before it fails.
  std::size_t oversized = polygons.size();
  std::uint8_t oversizedCount = 0;
  for (std::size_t i = 0; i < polygons.size(); ++i) {
    NavPolygon& p = polygons[i];
    const std::uint8_t n = r.U8();
    const bool fits = n <= p.vertices.capacity();
    if (!fits && oversized == polygons.size()) {
      oversized = i;
      oversizedCount = n;
    }
    p.vertices.resize(fits ? n : 0);
    for (std::uint8_t k = 0; k < n; ++k) {
      const std::uint16_t v = r.U16();
      if (fits) p.vertices[k] = v;
    }
    p.links.resize(fits ? n : 0);
    for (std::uint8_t k = 0; k < n; ++k) {
      const EdgeLink link{.kind = r.U8(), .value = r.U32()};
      if (fits) p.links[k] = link;
    }
    p.area = r.U8();
    p.flags = r.U16();
  }
  std::vector<DetailPolygon> detail(r.Count(16));
  for (DetailPolygon& d : detail) {
    d.vertexBase = r.U32();
    d.vertexCount = r.U32();
    d.triangleBase = r.U32();
    d.triangleCount = r.U32();
  }
  std::vector<TileVertex> detailVertices = ReadPositions(r);
  std::vector<DetailTriangle> triangles(r.Count(4));
  for (DetailTriangle& t : triangles) {
    t.a = r.U8();
    t.b = r.U8();
    t.c = r.U8();
    t.flags = r.U8();
  }
  // nav.deserialize 4: nothing after the last triangle.
  if (!r.AtEnd()) {
    throw ArgumentException(
        "bytes after the tile",
        {.argument = "bytes", .count = static_cast<std::int64_t>(bytes.size())});
  }
  // Then nav.create on the values read.
  if (oversized != polygons.size()) {
    internal::ThrowCornerCount(tileX, tileZ, layer, origin, tileSize, vertices,
                               std::span<const NavPolygon>(polygons.data(), oversized),
                               oversizedCount);
  }
  return NavTile::Create(tileX, tileZ, layer, origin, tileSize, std::move(vertices),
                         std::move(polygons), std::move(detail), std::move(detailVertices),
                         std::move(triangles));
}

// nav.mesh-bytes: the header, then every tile in the mesh's order with its
// length.
std::vector<std::uint8_t> Serialize(const NavMesh& mesh) {
  CanonicalWriter w;
  for (std::uint8_t b : kMeshMagic) w.U8(b);
  w.U16(kMeshFormatVersion);
  const std::vector<const NavTile*> tiles = mesh.Tiles();
  w.Count(tiles.size());
  std::vector<std::uint8_t> out = w.Take();
  for (const NavTile* tile : tiles) {
    const std::vector<std::uint8_t> bytes = Serialize(*tile);
    CanonicalWriter length;
    length.Count(bytes.size());
    const std::vector<std::uint8_t> l = length.Take();
    out.insert(out.end(), l.begin(), l.end());
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  return out;
}

std::vector<std::uint8_t> CanonicalBytes(const NavMesh& mesh) { return Serialize(mesh); }

NavMesh NavMesh::Deserialize(std::span<const std::uint8_t> bytes) {
  // nav.mesh-bytes: the magic, then the version.
  if (bytes.size() < 4 || std::memcmp(bytes.data(), kMeshMagic, 4) != 0) {
    throw ArgumentException("not a mesh: the magic is missing", {.argument = "magic"});
  }
  TileReader r(bytes);
  for (int i = 0; i < 4; ++i) r.U8();
  const std::uint16_t version = r.U16();
  if (version != kMeshFormatVersion) {
    throw ArgumentOutOfRangeException("unsupported mesh format version",
                                      {.argument = "version", .value = version});
  }
  // The tile count (4 bytes at least per tile), each tile's length and
  // bytes, then nothing.
  const std::size_t count = r.Count(4);
  NavMesh mesh;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t length = r.U32();
    mesh.AddTile(navmesh::Deserialize(r.Take(length)));
  }
  if (!r.AtEnd()) {
    throw ArgumentException(
        "bytes after the mesh",
        {.argument = "bytes", .count = static_cast<std::int64_t>(bytes.size())});
  }
  return mesh;
}

// nav.links-bytes: 36 bytes per link after the count.
std::vector<std::uint8_t> CanonicalBytes(const std::vector<PortalLink>& links) {
  CanonicalWriter w;
  w.Count(links.size());
  const auto key = [&w](const TileKey& k) {
    w.I32(k.tileX);
    w.I32(k.tileZ);
    w.U16(k.layer);
  };
  for (const PortalLink& link : links) {
    key(link.from);
    w.U32(link.polygon);
    w.U8(link.edge);
    key(link.to);
    w.U32(link.toPolygon);
    w.U8(link.toEdge);
    w.F32(link.lo);
    w.F32(link.hi);
  }
  return w.Take();
}

}  // namespace onepath::navmesh
