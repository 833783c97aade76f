// Brute-force oracle of the height detail (b3d.detail.*), from the spec text
// alone; see detail_bruteforce.hpp for the method. Each function names the
// clause it transcribes. SPEC-AMBIGUITY marks a reading of unclear text.
#include "oracles/boost_mp/detail_bruteforce.hpp"

#include <algorithm>
#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace onepath::oracle {
namespace {

using boost::multiprecision::cpp_int;

// --- exact values -----------------------------------------------------------

// A finite double as the exact dyadic m · 2^e (m odd, or m = 0).
struct Dyadic {
  std::int64_t m = 0;
  int e = 0;
};

Dyadic ToDyadic(double d) {
  if (!std::isfinite(d)) throw std::invalid_argument("non-finite position");
  if (d == 0) return {};
  int e = 0;
  const double f = std::frexp(d, &e);                             // d = f · 2^e, 0.5 ≤ |f| < 1
  std::int64_t m = static_cast<std::int64_t>(std::ldexp(f, 53));  // exact
  e -= 53;
  const int zeros = __builtin_ctzll(static_cast<unsigned long long>(m));  // m != 0
  m /= std::int64_t{1} << zeros;                                          // exact
  e += zeros;
  return {m, e};
}

// The values v[0..k) as integers v·2^(−E), E the least exponent among them:
// an exact scaling by a positive power of two (pred.float32: the widened
// binary32 values, taken exactly).
template <std::size_t K>
std::array<cpp_int, K> Scaled(const std::array<double, K>& v) {
  std::array<Dyadic, K> d;
  int least = std::numeric_limits<int>::max();
  for (std::size_t i = 0; i < K; ++i) {
    d[i] = ToDyadic(v[i]);
    if (d[i].m != 0) least = std::min(least, d[i].e);
  }
  std::array<cpp_int, K> out;
  for (std::size_t i = 0; i < K; ++i) {
    out[i] = d[i].m;
    if (d[i].m != 0) out[i] <<= static_cast<unsigned>(d[i].e - least);
  }
  return out;
}

int Sign(const cpp_int& v) { return v.sign(); }

// b3d.detail.orientation: orient(a, b, c), the sign of
// (b.z − a.z)(c.x − a.x) − (b.x − a.x)(c.z − a.z), exact.
int OrientExact(double ax, double az, double bx, double bz, double cx, double cz) {
  const auto s = Scaled<6>({ax, az, bx, bz, cx, cz});
  const cpp_int& Ax = s[0];
  const cpp_int& Az = s[1];
  const cpp_int& Bx = s[2];
  const cpp_int& Bz = s[3];
  const cpp_int& Cx = s[4];
  const cpp_int& Cz = s[5];
  return Sign((Bz - Az) * (Cx - Ax) - (Bx - Ax) * (Cz - Az));
}

// b3d.detail.orientation with pred.incircle: InCircle(â, b̂, ĉ, d̂), p̂ =
// (p.z, p.x): the sign of the determinant with rows (p̂ − d̂, |p̂ − d̂|²) for
// p = a, b, c, exact.
int InCircleExact(double ax, double az, double bx, double bz, double cx, double cz, double dx,
                  double dz) {
  const auto s = Scaled<8>({ax, az, bx, bz, cx, cz, dx, dz});
  // first coordinate z, second x
  const cpp_int a1 = s[1] - s[7], a2 = s[0] - s[6];
  const cpp_int b1 = s[3] - s[7], b2 = s[2] - s[6];
  const cpp_int c1 = s[5] - s[7], c2 = s[4] - s[6];
  const cpp_int a3 = a1 * a1 + a2 * a2;
  const cpp_int b3 = b1 * b1 + b2 * b2;
  const cpp_int c3 = c1 * c1 + c2 * c2;
  const cpp_int det =
      a1 * (b2 * c3 - b3 * c2) - a2 * (b1 * c3 - b3 * c1) + a3 * (b1 * c2 - b2 * c1);
  return Sign(det);
}

// Exact floor of a / b, b > 0.
std::int64_t FloorDiv(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if (a % b != 0 && a < 0) --q;
  return q;
}

// --- points -----------------------------------------------------------------

// A point of the detail (b3d.detail.coordinates): cell position, row, stored
// position.
struct Point {
  double cx = 0, cz = 0;
  std::int64_t row = 0;
  float x = 0, y = 0, z = 0;
};

Point MakePoint(double cx, double cz, std::int64_t row, std::int64_t minRow,
                const BfDetailSettings& s) {
  Point p;
  p.cx = cx;
  p.cz = cz;
  p.row = row;
  p.x = BfDetailLocal(cx, s);
  p.y = BfDetailLocalY(row, minRow, s);
  p.z = BfDetailLocal(cz, s);
  return p;
}

int Orient(const Point& a, const Point& b, const Point& c) {
  return OrientExact(a.x, a.z, b.x, b.z, c.x, c.z);
}

// b3d.detail.orientation: p in the closed triangle (a, b, c).
bool InClosed(const Point& a, const Point& b, const Point& c, const Point& p) {
  return Orient(a, b, p) >= 0 && Orient(b, c, p) >= 0 && Orient(c, a, p) >= 0;
}

using Tri = std::array<int, 3>;  // vertex numbers v0, v1, v2

// b3d.detail.triangles: the triangle holding the directed edge a → b and the
// edge's index in it, by a scan of every triangle.
bool FindEdge(const std::vector<Tri>& tris, int a, int b, int* tri, int* k) {
  for (std::size_t t = 0; t < tris.size(); ++t)
    for (int e = 0; e < 3; ++e)
      if (tris[t][e] == a && tris[t][(e + 1) % 3] == b) {
        *tri = static_cast<int>(t);
        *k = e;
        return true;
      }
  return false;
}

// One polygon's work.
struct PolygonBuild {
  const BfDetailSettings& s;
  const BfDetailField& field;
  std::int64_t minRow;
  BfDetailStats& stats;
  std::vector<Point> pts;  // by vertex number
  std::vector<Tri> tris;   // by id
  std::vector<std::pair<int, int>> stack;
  std::vector<int> changed;  // ids written during one insertion (with repeats)

  // b3d.detail.flip and b3d.detail.lawson: run the stack.
  void RunStack() {
    while (!stack.empty()) {
      const auto [a, b] = stack.back();
      stack.pop_back();
      int t = 0, i = 0, u = 0, j = 0;
      if (!FindEdge(tris, a, b, &t, &i)) continue;
      if (!FindEdge(tris, b, a, &u, &j)) continue;
      const int c = tris[t][(i + 2) % 3];
      const int d = tris[u][(j + 2) % 3];
      const Point &A = pts[a], &B = pts[b], &C = pts[c], &D = pts[d];
      const bool convex =
          Orient(A, B, C) > 0 && Orient(B, A, D) > 0 && Orient(C, A, D) > 0 && Orient(D, B, C) > 0;
      if (!convex) continue;
      const Point &T0 = pts[tris[t][0]], &T1 = pts[tris[t][1]], &T2 = pts[tris[t][2]];
      if (InCircleExact(T0.x, T0.z, T1.x, T1.z, T2.x, T2.z, D.x, D.z) <= 0) continue;
      tris[t] = {c, a, d};
      tris[u] = {d, b, c};
      ++stats.flips;
      changed.push_back(t);
      changed.push_back(u);
      stack.push_back({c, a});
      stack.push_back({a, d});
      stack.push_back({d, b});
      stack.push_back({b, c});
    }
  }

  // b3d.detail.hull: ear clipping the ring (vertex numbers in ring order).
  void Hull(const std::vector<int>& ring) {
    const std::size_t r = ring.size();
    std::vector<int> prev(pts.size(), -1), next(pts.size(), -1);
    for (std::size_t k = 0; k < r; ++k) {
      next[ring[k]] = ring[(k + 1) % r];
      prev[ring[k]] = ring[(k + r - 1) % r];
    }
    int head = ring[0];
    std::size_t size = r;
    while (size > 3) {
      int chosen = -1;
      for (int pass = 0; pass < 2 && chosen < 0; ++pass) {
        int i = head;
        do {
          const int p = prev[i], q = next[i];
          const int o = Orient(pts[p], pts[i], pts[q]);
          if (pass == 0 ? o > 0 : o >= 0) {
            bool blocked = false;
            int v = head;
            do {
              if (v != p && v != i && v != q && InClosed(pts[p], pts[i], pts[q], pts[v]))
                blocked = true;
              v = next[v];
            } while (v != head && !blocked);
            if (!blocked) {
              chosen = i;
              if (pass == 1) ++stats.relaxedEars;
              break;
            }
          }
          i = next[i];
        } while (i != head);
      }
      if (chosen < 0) {
        chosen = head;
        ++stats.forcedEars;
      }
      const int p = prev[chosen], q = next[chosen];
      tris.push_back({p, chosen, q});
      next[p] = q;
      prev[q] = p;
      if (chosen == head) head = q;
      --size;
    }
    tris.push_back({prev[head], head, next[head]});
  }
};

// b3d.detail.douglas-peucker: the kept points of pair (a, b), appended to kept.
void DouglasPeucker(const std::vector<std::int64_t>& rows, std::int64_t a, std::int64_t b,
                    double limit, std::vector<bool>& kept) {
  if (b - a < 2) return;
  std::int64_t best = -1, m = -1;
  for (std::int64_t k = a + 1; k < b; ++k) {
    const std::int64_t n =
        std::llabs((rows[k] - rows[a]) * (b - a) - (rows[b] - rows[a]) * (k - a));
    if (n > best) {
      best = n;
      m = k;
    }
  }
  const double dev = static_cast<double>(best) / static_cast<double>(b - a);
  if (!(dev > limit)) return;
  kept[static_cast<std::size_t>(m)] = true;
  DouglasPeucker(rows, a, m, limit, kept);
  DouglasPeucker(rows, m, b, limit, kept);
}

// The sample a refinement tracks.
struct Sample {
  Point p;
  int tri = -1;  // located triangle; -1 while not located
  double error = 0;
  bool live = true;
};

// b3d.detail.locate: the error of point P in triangle (a, b, c).
double ErrorIn(const Point& a, const Point& b, const Point& c, const Point& P) {
  const double ax = a.x, ay = a.y, az = a.z;
  const double e1x = static_cast<double>(b.x) - ax;
  const double e1z = static_cast<double>(b.z) - az;
  const double e1y = static_cast<double>(b.y) - ay;
  const double e2x = static_cast<double>(c.x) - ax;
  const double e2z = static_cast<double>(c.z) - az;
  const double e2y = static_cast<double>(c.y) - ay;
  const double px = static_cast<double>(P.x) - ax;
  const double pz = static_cast<double>(P.z) - az;
  const double den = e1x * e2z - e2x * e1z;
  if (den == 0) return 0;
  const double wb = px * e2z - e2x * pz;
  const double wc = e1x * pz - px * e1z;
  const double h = ay + (e1y * wb + e2y * wc) / den;
  return std::fabs(static_cast<double>(P.y) - h);
}

BfDetailError LimitError(std::int64_t tileX, std::int64_t tileZ, std::int64_t polygon,
                         std::int64_t count) {
  BfDetailError e;
  e.kind = BfDetailError::Kind::kInvalidOperation;
  e.tileX = tileX;
  e.tileZ = tileZ;
  e.polygon = polygon;
  e.count = count;
  return e;
}

void PutU8(std::vector<std::uint8_t>& out, std::uint8_t v) { out.push_back(v); }
void PutU16(std::vector<std::uint8_t>& out, std::uint16_t v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xff));
  out.push_back(static_cast<std::uint8_t>(v >> 8));
}
void PutU32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>((v >> (8 * k)) & 0xff));
}
void PutF32(std::vector<std::uint8_t>& out, float f) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, &f, 4);
  PutU32(out, bits);
}

}  // namespace

BfDetailSettings BfDetailSettingsFrom(double cellSize, double cellHeight, double tileSize,
                                      double agentRadius, double agentMaxClimb,
                                      double detailSampleDistance, double detailMaxError) {
  BfDetailSettings s;
  // b3d.tile-cells: TileCells = max(1, ceil(TileSize / CellSize − 1e-4)), cs = TileSize /
  // TileCells.
  const double q = tileSize / cellSize;
  const double cells = std::ceil(q - 1e-4);
  s.tileCells = std::max<std::int64_t>(1, static_cast<std::int64_t>(cells));
  s.cs = tileSize / static_cast<double>(s.tileCells);
  s.tileSize = tileSize;
  s.cellHeight = cellHeight;
  // b3d.walkable-settings: binary32 quotients of the binary32 settings.
  const float cellSizeF = static_cast<float>(cellSize);
  const float chF = static_cast<float>(cellHeight);
  const float radius = std::ceil(static_cast<float>(agentRadius) / cellSizeF);
  const float climb = std::floor(static_cast<float>(agentMaxClimb) / chF);
  s.border = static_cast<std::int64_t>(radius) + 3;  // b3d.border
  s.walkableClimb = static_cast<std::int64_t>(climb);
  s.detailSampleDistance = detailSampleDistance;
  s.detailMaxError = detailMaxError;
  return s;
}

float BfDetailLocal(double c, const BfDetailSettings& s) {
  const double b = static_cast<double>(s.border);
  if (c == b) return +0.0f;
  if (c == static_cast<double>(s.border + s.tileCells)) return static_cast<float>(s.tileSize);
  const double diff = c - b;
  const double scaled = diff * s.cs;
  return static_cast<float>(scaled);
}

float BfDetailLocalY(std::int64_t row, std::int64_t minRow, const BfDetailSettings& s) {
  const double diff = static_cast<double>(row - minRow);
  const double scaled = diff * s.cellHeight;
  return static_cast<float>(scaled);
}

std::optional<std::int64_t> BfNearestRow(const BfDetailField& field, double x, double z,
                                         std::int64_t expected, std::int64_t region,
                                         const BfDetailSettings& s) {
  // b3d.detail.nearest-row, 1: the cells.
  const auto cellsOf = [](double v) {
    const auto f = static_cast<std::int64_t>(std::floor(v));
    if (std::floor(v) == v) return std::vector<std::int64_t>{f - 1, f};
    return std::vector<std::int64_t>{f};
  };
  const std::vector<std::int64_t> xs = cellsOf(x), zs = cellsOf(z);
  const std::int64_t reach = std::max<std::int64_t>(s.walkableClimb, 1) + 1;
  std::optional<std::int64_t> best;
  std::int64_t bestDistance = 0;
  for (const std::int64_t cz : zs) {
    for (const std::int64_t cx : xs) {
      if (cx < 0 || cx >= field.width || cz < 0 || cz >= field.depth) continue;
      const auto& column = field.columns[static_cast<std::size_t>(cx + field.width * cz)];
      for (const BfDetailSpan& span : column) {
        // 2: a candidate.
        if (region != -1 && span.region != region) continue;
        const std::int64_t distance = std::llabs(span.y - expected);
        if (distance > reach) continue;
        // 3: strictly nearer replaces.
        if (!best || distance < bestDistance) {
          best = span.y;
          bestDistance = distance;
        }
      }
    }
  }
  return best;
}

int BfDetailOrient(float ax, float az, float bx, float bz, float cx, float cz) {
  return OrientExact(ax, az, bx, bz, cx, cz);
}

int BfDetailInCircle(float ax, float az, float bx, float bz, float cx, float cz, float dx,
                     float dz) {
  return InCircleExact(ax, az, bx, bz, cx, cz, dx, dz);
}

BfDetailResult BruteForceDetail(const BfDetailInputMesh& mesh, const BfDetailField& field,
                                std::int64_t minRow, const BfDetailSettings& s, std::int64_t tileX,
                                std::int64_t tileZ) {
  BfDetailResult result;
  // b3d.detail.stage-input: the mesh, polygon by polygon, corner by corner;
  // then minRow. SPEC-AMBIGUITY: within a polygon the corner count is
  // checked before its corners (the count is the polygon's first property).
  for (std::size_t p = 0; p < mesh.polygons.size(); ++p) {
    const auto& corners = mesh.polygons[p].corners;
    if (corners.size() < 3 || corners.size() > 255) {
      BfDetailError e;
      e.kind = BfDetailError::Kind::kArgument;
      e.argument = "mesh";
      e.polygon = static_cast<std::int64_t>(p);
      e.count = static_cast<std::int64_t>(corners.size());
      result.error = e;
      return result;
    }
    for (std::size_t k = 0; k < corners.size(); ++k) {
      if (corners[k] >= mesh.vertices.size()) {
        BfDetailError e;
        e.kind = BfDetailError::Kind::kArgumentOutOfRange;
        e.argument = "mesh";
        e.polygon = static_cast<std::int64_t>(p);
        e.vertex = static_cast<std::int64_t>(k);
        e.value = static_cast<double>(corners[k]);
        result.error = e;
        return result;
      }
    }
  }
  if (minRow < 0 || minRow > 65535) {
    BfDetailError e;
    e.kind = BfDetailError::Kind::kArgumentOutOfRange;
    e.argument = "minRow";
    e.value = static_cast<double>(minRow);
    result.error = e;
    return result;
  }

  BfDetailMesh& out = result.mesh;
  out.minRow = static_cast<std::uint16_t>(minRow);
  BfDetailStats& stats = result.stats;

  // b3d.detail.sample-distance.
  const double sd = s.detailSampleDistance / s.cs;
  const bool on = !(sd <= 0.9);
  // b3d.detail.douglas-peucker: L.
  const double limit = s.detailMaxError / s.cellHeight;

  for (std::size_t pi = 0; pi < mesh.polygons.size(); ++pi) {
    const BfDetailMeshPolygon& poly = mesh.polygons[pi];
    const std::size_t n = poly.corners.size();
    PolygonBuild build{s, field, minRow, stats, {}, {}, {}, {}};
    // 1. the vertices.
    for (const std::uint32_t c : poly.corners) {
      const BfDetailMeshVertex& v = mesh.vertices[c];
      build.pts.push_back(
          MakePoint(static_cast<double>(v.x), static_cast<double>(v.z), v.y, minRow, s));
    }
    // 2. edge points (b3d.detail.edge-points, -douglas-peucker, -edge-limit).
    std::vector<std::vector<Point>> edgePoints(n);  // per edge, in the polygon's direction
    if (on) {
      ++stats.detailOn;
      std::size_t total = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const BfDetailMeshVertex& vi = mesh.vertices[poly.corners[i]];
        const BfDetailMeshVertex& vj = mesh.vertices[poly.corners[(i + 1) % n]];
        const bool iFirst = vi.x < vj.x || (vi.x == vj.x && vi.z < vj.z);
        const BfDetailMeshVertex& p0 = iFirst ? vi : vj;
        const BfDetailMeshVertex& p1 = iFirst ? vj : vi;
        const std::int64_t dx = p1.x - p0.x, dz = p1.z - p0.z;
        const double len = std::sqrt(static_cast<double>(dx * dx + dz * dz));
        if (!(len > sd)) continue;
        const double nsD = std::ceil(len / sd);
        if (nsD > 4096) {
          ++stats.longEdges;
          continue;
        }
        const auto ns = static_cast<std::int64_t>(nsD);
        std::vector<std::int64_t> rows(static_cast<std::size_t>(ns + 1));
        std::vector<double> cxs(rows.size()), czs(rows.size());
        rows[0] = p0.y;
        rows[static_cast<std::size_t>(ns)] = p1.y;
        for (std::int64_t k = 1; k < ns; ++k) {
          const double cx =
              static_cast<double>(p0.x) + static_cast<double>(dx * k) / static_cast<double>(ns);
          const double cz =
              static_cast<double>(p0.z) + static_cast<double>(dz * k) / static_cast<double>(ns);
          const std::int64_t e = p0.y + FloorDiv(2 * (p1.y - p0.y) * k + ns, 2 * ns);
          const auto r = BfNearestRow(field, cx, cz, e, -1, s);
          if (!r) ++stats.noRowEdgePoints;
          rows[static_cast<std::size_t>(k)] = r ? *r : e;
          cxs[static_cast<std::size_t>(k)] = cx;
          czs[static_cast<std::size_t>(k)] = cz;
        }
        std::vector<bool> kept(rows.size(), false);
        DouglasPeucker(rows, 0, ns, limit, kept);
        std::vector<Point> points;
        for (std::int64_t k = 1; k < ns; ++k) {
          const auto kk = static_cast<std::size_t>(k);
          if (kept[kk]) points.push_back(MakePoint(cxs[kk], czs[kk], rows[kk], minRow, s));
        }
        if (!iFirst) std::reverse(points.begin(), points.end());
        total += points.size();
        edgePoints[i] = std::move(points);
      }
      if (n + total > 255) {
        ++stats.edgeLimit;
        for (auto& e : edgePoints) e.clear();
      }
    }
    // The ring, and the edge points' vertex numbers n + j.
    std::vector<int> ring;
    std::vector<int> edgeNumbers;
    {
      std::vector<std::vector<int>> numbers(n);
      for (std::size_t i = 0; i < n; ++i) {
        for (const Point& p : edgePoints[i]) {
          numbers[i].push_back(static_cast<int>(build.pts.size()));
          build.pts.push_back(p);
          ++stats.edgePoints;
          // On its edge in cells; off the line of the edge's stored ends?
          stats.tippedEdgePoints += Orient(build.pts[i], p, build.pts[(i + 1) % n]) != 0;
        }
      }
      for (std::size_t i = 0; i < n; ++i) {
        ring.push_back(static_cast<int>(i));
        for (const int v : numbers[i]) ring.push_back(v);
      }
    }
    // 3. the hull, then Lawson's flips (b3d.detail.lawson: every edge of every
    // triangle in id order, edge 0, 1, 2; the last pushed popped first).
    build.Hull(ring);
    for (const Tri& t : build.tris)
      for (int k = 0; k < 3; ++k) build.stack.push_back({t[k], t[(k + 1) % 3]});
    build.RunStack();
    // 4. samples and refinement.
    if (on) {
      std::int64_t minX = 0, maxX = 0, minZ = 0, maxZ = 0, rowSum = 0;
      for (std::size_t k = 0; k < n; ++k) {
        const BfDetailMeshVertex& v = mesh.vertices[poly.corners[k]];
        if (k == 0 || v.x < minX) minX = v.x;
        if (k == 0 || v.x > maxX) maxX = v.x;
        if (k == 0 || v.z < minZ) minZ = v.z;
        if (k == 0 || v.z > maxZ) maxZ = v.z;
        rowSum += v.y;
      }
      const auto nn = static_cast<std::int64_t>(n);
      const std::int64_t expected = FloorDiv(2 * rowSum + nn, 2 * nn);
      std::vector<Sample> samples;
      for (std::int64_t j = 1;; ++j) {
        const double cz = static_cast<double>(minZ) + static_cast<double>(j) * sd;
        if (!(cz < static_cast<double>(maxZ))) break;
        for (std::int64_t i = 1;; ++i) {
          const double cx = static_cast<double>(minX) + static_cast<double>(i) * sd;
          if (!(cx < static_cast<double>(maxX))) break;
          bool keep = true;
          for (std::size_t k = 0; k < n && keep; ++k) {
            const BfDetailMeshVertex& a = mesh.vertices[poly.corners[k]];
            const BfDetailMeshVertex& b = mesh.vertices[poly.corners[(k + 1) % n]];
            const std::int64_t l2 = (b.x - a.x) * (b.x - a.x) + (b.z - a.z) * (b.z - a.z);
            if (l2 <= 0) continue;
            const double d = static_cast<double>(b.z - a.z) * (cx - static_cast<double>(a.x)) -
                             static_cast<double>(b.x - a.x) * (cz - static_cast<double>(a.z));
            const double dist = d / std::sqrt(static_cast<double>(l2));
            if (!(dist > sd / 2)) keep = false;
          }
          if (!keep) continue;
          const auto row = BfNearestRow(field, cx, cz, expected, poly.region, s);
          if (!row) continue;
          Sample smp;
          smp.p = MakePoint(cx, cz, *row, minRow, s);
          samples.push_back(smp);
        }
      }
      stats.samples += static_cast<std::int64_t>(samples.size());
      // b3d.detail.locate among the ids `ids`, in id order.
      const auto locate = [&](Sample& smp, std::vector<int> ids) {
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        for (const int t : ids) {
          const Tri& tri = build.tris[static_cast<std::size_t>(t)];
          const Point &a = build.pts[tri[0]], &b = build.pts[tri[1]], &c = build.pts[tri[2]];
          if (Orient(a, b, c) > 0 && InClosed(a, b, c, smp.p)) {
            smp.tri = t;
            smp.error = ErrorIn(a, b, c, smp.p);
            return;
          }
        }
        smp.tri = -1;
        smp.live = false;
        ++stats.dead;
      };
      {
        std::vector<int> all;
        for (std::size_t t = 0; t < build.tris.size(); ++t) all.push_back(static_cast<int>(t));
        for (Sample& smp : samples) locate(smp, all);
      }
      // b3d.detail.refine.
      std::size_t vcount = build.pts.size();
      while (vcount < 255) {
        int best = -1;
        for (std::size_t k = 0; k < samples.size(); ++k) {
          if (!samples[k].live) continue;
          if (best < 0 || samples[k].error > samples[static_cast<std::size_t>(best)].error)
            best = static_cast<int>(k);
        }
        if (best < 0 || samples[static_cast<std::size_t>(best)].error <= s.detailMaxError) break;
        Sample& smp = samples[static_cast<std::size_t>(best)];
        smp.live = false;
        // b3d.detail.insert.
        const int t = smp.tri;
        const Tri tri = build.tris[static_cast<std::size_t>(t)];
        std::array<int, 3> o{};
        int zeros = 0;
        for (int k = 0; k < 3; ++k) {
          o[k] = Orient(build.pts[tri[k]], build.pts[tri[(k + 1) % 3]], smp.p);
          zeros += o[k] == 0;
        }
        if (zeros >= 2) {
          ++stats.dropped;
          continue;
        }
        const int pNum = static_cast<int>(build.pts.size());
        const int T = static_cast<int>(build.tris.size());
        build.changed.clear();
        if (zeros == 0) {
          const int a = tri[0], b = tri[1], c = tri[2];
          build.pts.push_back(smp.p);
          build.tris[static_cast<std::size_t>(t)] = {a, b, pNum};
          build.tris.push_back({b, c, pNum});
          build.tris.push_back({c, a, pNum});
          build.changed = {t, T, T + 1};
          build.stack.push_back({a, b});
          build.stack.push_back({b, c});
          build.stack.push_back({c, a});
        } else {
          const int i = o[0] == 0 ? 0 : o[1] == 0 ? 1 : 2;
          const int a = tri[i], b = tri[(i + 1) % 3], c = tri[(i + 2) % 3];
          int u = 0, j = 0;
          if (!FindEdge(build.tris, b, a, &u, &j)) {
            ++stats.dropped;
            continue;
          }
          const int d = build.tris[static_cast<std::size_t>(u)][(j + 2) % 3];
          build.pts.push_back(smp.p);
          build.tris[static_cast<std::size_t>(t)] = {b, c, pNum};
          build.tris.push_back({c, a, pNum});
          build.tris[static_cast<std::size_t>(u)] = {a, d, pNum};
          build.tris.push_back({d, b, pNum});
          build.changed = {t, T, u, T + 1};
          build.stack.push_back({b, c});
          build.stack.push_back({c, a});
          build.stack.push_back({a, d});
          build.stack.push_back({d, b});
          ++stats.insertedOnEdge;
        }
        ++stats.inserted;
        ++vcount;
        build.RunStack();
        // b3d.detail.relocate.
        const std::vector<int> changed = build.changed;
        for (Sample& other : samples) {
          if (!other.live) continue;
          if (std::find(changed.begin(), changed.end(), other.tri) == changed.end()) continue;
          locate(other, changed);
        }
      }
      if (vcount >= 255) ++stats.vertexLimit;
    }
    // 5. output and the limit.
    if (build.tris.size() > 255) {
      result.error = LimitError(tileX, tileZ, static_cast<std::int64_t>(pi),
                                static_cast<std::int64_t>(build.tris.size()));
      result.mesh = {};
      return result;
    }
    BfDetailPolygon entry;
    entry.vertexBase = static_cast<std::uint32_t>(out.vertices.size());
    entry.vertexCount = static_cast<std::uint32_t>(build.pts.size() - n);
    entry.triangleBase = static_cast<std::uint32_t>(out.triangles.size());
    entry.triangleCount = static_cast<std::uint32_t>(build.tris.size());
    out.polygons.push_back(entry);
    for (std::size_t v = n; v < build.pts.size(); ++v)
      out.vertices.push_back({build.pts[v].x, build.pts[v].y, build.pts[v].z});
    for (const Tri& t : build.tris) {
      BfDetailTriangle dt;
      dt.a = static_cast<std::uint8_t>(t[0]);
      dt.b = static_cast<std::uint8_t>(t[1]);
      dt.c = static_cast<std::uint8_t>(t[2]);
      for (int k = 0; k < 3; ++k) {
        int u = 0, j = 0;
        if (!FindEdge(build.tris, t[(k + 1) % 3], t[k], &u, &j))
          dt.flags = static_cast<std::uint8_t>(dt.flags | (1u << k));
      }
      out.triangles.push_back(dt);
    }
    ++stats.polygons;
    stats.triangles += static_cast<std::int64_t>(build.tris.size());
  }
  return result;
}

std::vector<std::uint8_t> BruteForceDetailBytes(const BfDetailMesh& mesh) {
  std::vector<std::uint8_t> out;
  PutU16(out, mesh.minRow);
  PutU32(out, static_cast<std::uint32_t>(mesh.polygons.size()));
  for (const BfDetailPolygon& p : mesh.polygons) {
    PutU32(out, p.vertexBase);
    PutU32(out, p.vertexCount);
    PutU32(out, p.triangleBase);
    PutU32(out, p.triangleCount);
  }
  PutU32(out, static_cast<std::uint32_t>(mesh.vertices.size()));
  for (const BfDetailVertex& v : mesh.vertices) {
    PutF32(out, v.x);
    PutF32(out, v.y);
    PutF32(out, v.z);
  }
  PutU32(out, static_cast<std::uint32_t>(mesh.triangles.size()));
  for (const BfDetailTriangle& t : mesh.triangles) {
    PutU8(out, t.a);
    PutU8(out, t.b);
    PutU8(out, t.c);
    PutU8(out, t.flags);
  }
  return out;
}

}  // namespace onepath::oracle
