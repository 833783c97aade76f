// RapidCheck properties of the path query (docs/spec/navmesh-format.md,
// nav.query.*) on random meshes: a grid of tiles of size 8, each a strip
// of trapezoids (x from a_i to a_(i+1) at z 0, from b_i to b_(i+1) at
// z 8), with random walls between neighbours and random portal links
// between tiles written by this generator (Stitch is not used). Why each
// holds, from the text:
//  - nav.query.astar: every step follows a polygon link or a portal link,
//    so a corridor is a chain of neighbours; the search creates states
//    until none is open, so with room for every state it finds the goal
//    exactly when the goal's polygon is in the start's component (found)
//    and otherwise ends unreachable. With every cost a distance and
//    h = 0.999 times the straight distance (never above the remaining
//    cost, up to rounding), A*'s cost is the least of the state graph's,
//    which a Dijkstra of this test over the same graph (its midpoints
//    computed here, on flat meshes with integer corners) confirms.
//  - nav.query.straight: the start and the goal lie inside their polygons,
//    so the clamped ends are them; the funnel only turns at portal ends,
//    so every segment stays in the corridor's polygons (checked at 33
//    points per segment with a tolerance of 1e-9), and a path is never
//    shorter than the segment between its ends.
//  - nav.mesh, nav.query.values: the mesh lists its tiles one way whatever
//    order they were added in, and the query orders links itself, so the
//    results do not depend on either order.
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <queue>
#include <set>
#include <utility>
#include <vector>

#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/navmesh_query_util.hpp"
#include "onepath/navmesh.hpp"

namespace {

using namespace onepath::navmesh;
using namespace onepath::querytest;
using onepath::proptest::CheckProperty;

constexpr float kSize = 8.0f;

// A polygon as the test sees it: world corners (x, z) and y.
struct TestPolygon {
  PolygonRef ref;
  std::vector<WorldPoint> corners;
};

struct RandomMesh {
  std::vector<NavTile> tiles;
  std::vector<PortalLink> links;
  std::vector<TestPolygon> polygons;                         // in reference order
  std::map<PolygonRef, std::size_t> index;                   // reference -> polygons[]
  std::set<std::pair<std::size_t, std::size_t>> neighbours;  // both ways
};

// m - 1 distinct cut positions in 1 .. 7, with 0 and 8 at the ends.
std::vector<int> Cuts(int m) {
  std::vector<int> inner = *rc::gen::unique<std::vector<int>>(m - 1, rc::gen::inRange(1, 8));
  std::sort(inner.begin(), inner.end());
  std::vector<int> out{0};
  out.insert(out.end(), inner.begin(), inner.end());
  out.push_back(8);
  return out;
}

RandomMesh GenerateMesh(bool flat) {
  RandomMesh mesh;
  const int width = *rc::gen::inRange(1, 4);
  const int height = *rc::gen::inRange(1, 4);
  std::map<std::pair<int, int>, std::pair<std::vector<int>, std::vector<int>>> cuts;
  for (int tz = 0; tz < height; ++tz) {
    for (int tx = 0; tx < width; ++tx) {
      const int m = *rc::gen::inRange(1, 5);
      const std::vector<int> a = Cuts(m), b = Cuts(m);
      cuts[{tx, tz}] = {a, b};
      std::vector<TileVertex> v;
      for (int i = 0; i <= m; ++i) {
        v.push_back({float(a[i]), flat ? 0.0f : 0.5f * *rc::gen::inRange(0, 3), 0.0f});
      }
      for (int i = 0; i <= m; ++i) {
        v.push_back({float(b[i]), flat ? 0.0f : 0.5f * *rc::gen::inRange(0, 3), kSize});
      }
      std::vector<bool> joined(m, false);
      for (int i = 0; i + 1 < m; ++i) joined[i] = *rc::gen::inRange(0, 8) != 0;
      std::vector<PolySpec> specs;
      for (int i = 0; i < m; ++i) {
        const auto u = [](int k) { return static_cast<std::uint16_t>(k); };
        PolySpec s;
        // (a_i, 0) -> (b_i, 8) -> (b_(i+1), 8) -> (a_(i+1), 0): counter-clockwise on (z, x).
        s.corners = {u(i), u(m + 1 + i), u(m + 2 + i), u(i + 1)};
        s.links = {i == 0          ? Portal(kSideX0)
                   : joined[i - 1] ? Poly(i - 1)
                                   : Wall(),
                   Portal(kSideZMax),
                   i == m - 1  ? Portal(kSideXMax)
                   : joined[i] ? Poly(i + 1)
                               : Wall(),
                   Portal(kSideZ0)};
        specs.push_back(s);
      }
      mesh.tiles.push_back(MakeTile(tx, tz, {8.0 * tx, 0.0, 8.0 * tz}, kSize, v, specs));
    }
  }
  // Portal links: x neighbours over the whole side, z neighbours over the
  // overlaps of top and bottom edges; each tile pair joined or not.
  const auto both = [&](PortalLink l) {
    mesh.links.push_back(l);
    std::swap(l.from, l.to);
    std::swap(l.polygon, l.toPolygon);
    std::swap(l.edge, l.toEdge);
    mesh.links.push_back(l);
  };
  for (int tz = 0; tz < height; ++tz) {
    for (int tx = 0; tx < width; ++tx) {
      const auto& [a, b] = cuts[{tx, tz}];
      const TileKey key{tx, tz, 0};
      const std::uint32_t m = static_cast<std::uint32_t>(a.size() - 1);
      if (tx + 1 < width && *rc::gen::inRange(0, 5) != 0) {
        both({key, m - 1, 2, {tx + 1, tz, 0}, 0, 0, 0.0f, kSize});
      }
      if (tz + 1 < height && *rc::gen::inRange(0, 5) != 0) {
        const std::vector<int>& a2 = cuts[{tx, tz + 1}].first;
        for (std::uint32_t i = 0; i + 1 < b.size(); ++i) {
          for (std::uint32_t j = 0; j + 1 < a2.size(); ++j) {
            const int lo = std::max(b[i], a2[j]), hi = std::min(b[i + 1], a2[j + 1]);
            if (lo < hi) both({key, i, 1, {tx, tz + 1, 0}, j, 3, float(lo), float(hi)});
          }
        }
      }
    }
  }
  // The test's own view: polygons in reference order and neighbours.
  std::vector<const NavTile*> order;
  for (const NavTile& t : mesh.tiles) order.push_back(&t);
  std::sort(order.begin(), order.end(),
            [](const NavTile* p, const NavTile* q) { return KeyOf(*p) < KeyOf(*q); });
  for (const NavTile* t : order) {
    for (std::uint32_t p = 0; p < t->polygons().size(); ++p) {
      TestPolygon tp{{KeyOf(*t), p}, {}};
      for (const std::uint16_t v : t->polygons()[p].vertices) {
        const TileVertex& w = t->vertices()[v];
        tp.corners.push_back({t->origin().x + w.x, t->origin().y + w.y, t->origin().z + w.z});
      }
      mesh.index[tp.ref] = mesh.polygons.size();
      mesh.polygons.push_back(tp);
    }
  }
  for (const NavTile* t : order) {
    for (std::uint32_t p = 0; p < t->polygons().size(); ++p) {
      for (const EdgeLink& l : t->polygons()[p].links) {
        if (l.kind == kLinkPolygon) {
          mesh.neighbours.insert(
              {mesh.index.at({KeyOf(*t), p}), mesh.index.at({KeyOf(*t), l.value})});
        }
      }
    }
  }
  for (const PortalLink& l : mesh.links) {
    mesh.neighbours.insert(
        {mesh.index.at({l.from, l.polygon}), mesh.index.at({l.to, l.toPolygon})});
  }
  return mesh;
}

// Components by union-find over the neighbour pairs.
std::vector<std::size_t> Components(const RandomMesh& mesh) {
  std::vector<std::size_t> parent(mesh.polygons.size());
  std::iota(parent.begin(), parent.end(), 0);
  const auto find = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const auto& [p, q] : mesh.neighbours) parent[find(p)] = find(q);
  for (std::size_t i = 0; i < parent.size(); ++i) parent[i] = find(i);
  return parent;
}

// A point strictly inside polygon i: the corners weighted 1 .. 4.
WorldPoint Inside(const RandomMesh& mesh, std::size_t i) {
  const TestPolygon& p = mesh.polygons[i];
  double x = 0, z = 0, w = 0;
  for (const WorldPoint& c : p.corners) {
    const double k = *rc::gen::inRange(1, 5);
    x += k * c.x;
    z += k * c.z;
    w += k;
  }
  return {x / w, 0.0, z / w};
}

// Inside (x, z), with a tolerance, by the corners' turns (the polygons
// run counter-clockwise on (z, x)).
bool InsideWithTolerance(const TestPolygon& p, double x, double z) {
  const std::size_t n = p.corners.size();
  for (std::size_t k = 0; k < n; ++k) {
    const WorldPoint& a = p.corners[k];
    const WorldPoint& b = p.corners[(k + 1) % n];
    const double cross = (b.z - a.z) * (x - a.x) - (b.x - a.x) * (z - a.z);
    if (cross < -1e-9) return false;
  }
  return true;
}

double Length2D(const WorldPoint& a, const WorldPoint& b) {
  return std::sqrt((b.x - a.x) * (b.x - a.x) + (b.z - a.z) * (b.z - a.z));
}

std::pair<std::size_t, std::size_t> RandomPair(const RandomMesh& mesh) {
  const std::size_t n = mesh.polygons.size();
  return {static_cast<std::size_t>(*rc::gen::inRange<std::size_t>(0, n)),
          static_cast<std::size_t>(*rc::gen::inRange<std::size_t>(0, n))};
}

TEST(NavQueryProperties, CorridorsAndStraightPaths) {
  CLAUSE("nav.query.astar nav.query.straight nav.query.portal nav.query.closest");
  CheckProperty(
      [] {
        const RandomMesh random = GenerateMesh(false);
        NavMesh mesh;
        for (const NavTile& t : random.tiles) mesh.AddTile(t);
        const NavQuery query(mesh, random.links);
        const std::vector<std::size_t> component = Components(random);
        for (int round = 0; round < 4; ++round) {
          const auto [s, g] = RandomPair(random);
          const WorldPoint sp = Inside(random, s), gp = Inside(random, g);
          const PathResult path =
              query.FindPath(random.polygons[s].ref, random.polygons[g].ref, sp, gp, 1 << 20);
          if (component[s] != component[g]) {
            RC_ASSERT(path.status == PathStatus::kUnreachable);
            continue;
          }
          RC_ASSERT(path.status == PathStatus::kFound);
          RC_ASSERT(path.corridor.front() == random.polygons[s].ref);
          RC_ASSERT(path.corridor.back() == random.polygons[g].ref);
          for (std::size_t i = 1; i < path.corridor.size(); ++i) {
            RC_ASSERT(random.neighbours.count({random.index.at(path.corridor[i - 1]),
                                               random.index.at(path.corridor[i])}) == 1u);
          }
          const std::vector<WorldPoint> straight = query.FindStraightPath(sp, gp, path.corridor);
          RC_ASSERT(!straight.empty());
          RC_ASSERT(straight.front().x == sp.x && straight.front().z == sp.z);
          RC_ASSERT(straight.back().x == gp.x && straight.back().z == gp.z);
          double length = 0.0;
          for (std::size_t i = 1; i < straight.size(); ++i) {
            length += Length2D(straight[i - 1], straight[i]);
            for (int k = 0; k <= 32; ++k) {
              const double t = k / 32.0;
              const double x = straight[i - 1].x + t * (straight[i].x - straight[i - 1].x);
              const double z = straight[i - 1].z + t * (straight[i].z - straight[i - 1].z);
              bool inside = false;
              for (const PolygonRef& r : path.corridor) {
                inside = inside || InsideWithTolerance(random.polygons[random.index.at(r)], x, z);
              }
              RC_ASSERT(inside);
            }
          }
          RC_ASSERT(length >= Length2D(sp, gp) * (1.0 - 1e-12));
        }
      },
      300);
}

TEST(NavQueryProperties, TileAndLinkOrderDoNotMatter) {
  CLAUSE("nav.query.values nav.query.astar nav.query.straight nav.query.nearest");
  CheckProperty(
      [] {
        const RandomMesh random = GenerateMesh(false);
        NavMesh mesh1, mesh2;
        for (const NavTile& t : random.tiles) mesh1.AddTile(t);
        std::vector<NavTile> shuffled =
            *rc::gen::arbitrary<int>() % 2 == 0
                ? std::vector<NavTile>(random.tiles.rbegin(), random.tiles.rend())
                : random.tiles;
        std::vector<PortalLink> links = random.links;
        std::reverse(links.begin(), links.end());
        if (links.size() > 2) std::rotate(links.begin(), links.begin() + 1, links.end());
        for (const NavTile& t : shuffled) mesh2.AddTile(t);
        const NavQuery q1(mesh1, random.links), q2(mesh2, links);
        for (int round = 0; round < 4; ++round) {
          const auto [s, g] = RandomPair(random);
          const WorldPoint sp = Inside(random, s), gp = Inside(random, g);
          const PathResult p1 =
              q1.FindPath(random.polygons[s].ref, random.polygons[g].ref, sp, gp, 64);
          const PathResult p2 =
              q2.FindPath(random.polygons[s].ref, random.polygons[g].ref, sp, gp, 64);
          RC_ASSERT(p1.status == p2.status);
          RC_ASSERT(p1.corridor == p2.corridor);
          RC_ASSERT(p1.cost == p2.cost);
          RC_ASSERT(q1.FindStraightPath(sp, gp, p1.corridor) ==
                    q2.FindStraightPath(sp, gp, p2.corridor));
          const WorldPoint ext{1.5, 1.0, 1.5};
          RC_ASSERT(q1.FindNearestPolygon(gp, ext) == q2.FindNearestPolygon(gp, ext));
        }
      },
      200);
}

// nav.query.nearest on flat meshes: a point strictly inside polygon i lies
// in no other polygon (the trapezoids of a tile and the tiles do not
// overlap), so i is the only polygon at distance 0 and its closest point
// is the point itself (inside: x and z kept; y the height 0 of a flat
// detail). A box that reaches no polygon finds none.
TEST(NavQueryProperties, NearestPolygonOfAnInsidePoint) {
  CLAUSE("nav.query.nearest nav.query.closest nav.query.height");
  CheckProperty(
      [] {
        const RandomMesh random = GenerateMesh(true);
        NavMesh mesh;
        for (const NavTile& t : random.tiles) mesh.AddTile(t);
        const NavQuery query(mesh, random.links);
        for (int round = 0; round < 4; ++round) {
          const std::size_t i = *rc::gen::inRange<std::size_t>(0, random.polygons.size());
          const WorldPoint p = Inside(random, i);
          const auto n = query.FindNearestPolygon(p, {0.25, 1.0, 0.25});
          RC_ASSERT(n.has_value());
          RC_ASSERT(n->polygon == random.polygons[i].ref);
          RC_ASSERT(n->point.x == p.x && n->point.z == p.z && n->point.y == 0.0);
          RC_ASSERT(!query.FindNearestPolygon({p.x, 5.0, p.z}, {0.25, 1.0, 0.25}).has_value());
        }
      },
      300);
}

// Dijkstra over the states of nav.query.astar, written from the text: the
// start (startPos) and one state per step (its midpoint), edges from a
// state to the steps of its polygon, the goal leg added on entering the
// goal. On flat meshes with integer corners every midpoint is exact.
double DijkstraCost(const RandomMesh& mesh, std::size_t s, std::size_t g, const WorldPoint& sp,
                    const WorldPoint& gp) {
  struct Step {
    std::size_t to;
    WorldPoint mid;
  };
  std::vector<std::vector<Step>> steps(mesh.polygons.size());
  for (std::size_t i = 0; i < mesh.polygons.size(); ++i) {
    const TestPolygon& p = mesh.polygons[i];
    const std::size_t n = p.corners.size();
    for (const auto& [a, b] : mesh.neighbours) {
      if (a != i) continue;
      const TestPolygon& q = mesh.polygons[b];
      if (q.ref.tile == p.ref.tile) {
        // The shared edge: the two corners the polygons have in common.
        std::vector<WorldPoint> shared;
        for (const WorldPoint& c : p.corners) {
          for (const WorldPoint& d : q.corners) {
            if (c.x == d.x && c.z == d.z) shared.push_back(c);
          }
        }
        steps[i].push_back(
            {b, {(shared[0].x + shared[1].x) / 2, 0.0, (shared[0].z + shared[1].z) / 2}});
      }
    }
    (void)n;
  }
  for (const PortalLink& l : mesh.links) {
    const std::size_t a = mesh.index.at({l.from, l.polygon});
    const std::size_t b = mesh.index.at({l.to, l.toPolygon});
    const double ox = 8.0 * l.from.tileX, oz = 8.0 * l.from.tileZ;
    WorldPoint mid{0, 0, 0};
    if (l.edge == 0) mid = {ox, 0, oz + (double(l.lo) + double(l.hi)) / 2};
    if (l.edge == 2) mid = {ox + 8, 0, oz + (double(l.lo) + double(l.hi)) / 2};
    if (l.edge == 1) mid = {ox + (double(l.lo) + double(l.hi)) / 2, 0, oz + 8};
    if (l.edge == 3) mid = {ox + (double(l.lo) + double(l.hi)) / 2, 0, oz};
    steps[a].push_back({b, mid});
  }
  const auto dist = [](const WorldPoint& a, const WorldPoint& b) {
    return std::sqrt((b.x - a.x) * (b.x - a.x) + (b.z - a.z) * (b.z - a.z));
  };
  // Nodes: (polygon, position); the start, then one per step.
  struct Node {
    std::size_t polygon;
    WorldPoint pos;
  };
  std::vector<Node> nodes{{s, sp}};
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> stepNode;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    for (std::size_t k = 0; k < steps[i].size(); ++k) {
      stepNode[{i, k}] = nodes.size();
      nodes.push_back({steps[i][k].to, steps[i][k].mid});
    }
  }
  std::vector<double> best(nodes.size(), INFINITY);
  using Item = std::pair<double, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  best[0] = s == g ? dist(sp, gp) : 0.0;
  open.push({best[0], 0});
  while (!open.empty()) {
    const auto [d, u] = open.top();
    open.pop();
    if (d > best[u]) continue;
    if (nodes[u].polygon == g) return d;
    const std::size_t p = nodes[u].polygon;
    for (std::size_t k = 0; k < steps[p].size(); ++k) {
      const std::size_t v = stepNode[{p, k}];
      double c = d + dist(nodes[u].pos, nodes[v].pos);
      if (nodes[v].polygon == g) c += dist(nodes[v].pos, gp);
      if (c < best[v]) {
        best[v] = c;
        open.push({c, v});
      }
    }
  }
  return INFINITY;
}

TEST(NavQueryProperties, AStarCostIsTheLeast) {
  CLAUSE("nav.query.astar nav.query.portal");
  CheckProperty(
      [] {
        const RandomMesh random = GenerateMesh(true);
        NavMesh mesh;
        for (const NavTile& t : random.tiles) mesh.AddTile(t);
        const NavQuery query(mesh, random.links);
        for (int round = 0; round < 4; ++round) {
          const auto [s, g] = RandomPair(random);
          const WorldPoint sp = Inside(random, s), gp = Inside(random, g);
          const PathResult path =
              query.FindPath(random.polygons[s].ref, random.polygons[g].ref, sp, gp, 1 << 20);
          const double optimum = DijkstraCost(random, s, g, sp, gp);
          if (path.status != PathStatus::kFound) {
            RC_ASSERT(std::isinf(optimum));
            continue;
          }
          RC_ASSERT(std::fabs(path.cost - optimum) <= 1e-9 * (1.0 + optimum));
        }
      },
      300);
}

}  // namespace
