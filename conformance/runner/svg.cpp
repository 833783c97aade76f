#include "conformance/runner/svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "conformance/runner/operations.hpp"
// src/ headers.
#include "onepath/exact/predicates.hpp"

namespace onepath::conformance {

using nlohmann::json;

std::string SvgEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // XML 1.0 cannot carry most control characters at all.
        out += (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') ? '?' : c;
    }
  }
  return out;
}

namespace {

// At most about `n` bytes of `text` from `at`, cut between UTF-8 characters.
std::size_t CutEnd(const std::string& text, std::size_t at, std::size_t n) {
  std::size_t end = std::min(text.size(), at + n);
  while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return end;
}

using Point = std::pair<double, double>;

// What a panel draws, in the coordinates of the operation's output (grid
// units for regions and arrangements, the doubles themselves for
// predicates).
struct Shape {
  std::string css;  // the class, see kStyle
  std::vector<Point> points;
  bool closed = true;  // a polygon; else a polyline (one point: a dot)
  std::string label;
};

struct Panel {
  std::string title;
  std::vector<Shape> shapes;
  std::vector<std::string> notes;  // text under the title (errors, signs)
};

constexpr double kPanel = 320;  // panel size in px
constexpr double kGap = 24;
constexpr double kTop = 100;   // title and caption
constexpr double kNotes = 40;  // two lines of notes under each panel
constexpr double kLegend = 64;
constexpr std::size_t kMaxCells = 20000;  // a larger map is drawn by its solid cells only

constexpr const char* kStyle = R"(
  text { font: 12px sans-serif; fill: #222; }
  .title { font-weight: bold; font-size: 14px; }
  .frame { fill: #fff; stroke: #bbb; }
  .cell-solid { fill: #9aa7b8; stroke: #6b7a8f; stroke-width: 0.5; }
  .cell-empty { fill: none; stroke: #dde; stroke-width: 0.5; }
  .in-a { fill: #4a78c2; fill-opacity: 0.25; stroke: #2a58a2; stroke-width: 1.2; }
  .in-b { fill: #e08a2c; fill-opacity: 0.25; stroke: #b0600c; stroke-width: 1.2; }
  .ring { fill: #3c9a5f; fill-opacity: 0.35; fill-rule: nonzero; stroke: #1f6b3a; stroke-width: 1.5; }
  .ring-port { fill: #c0504d; fill-opacity: 0.3; fill-rule: nonzero; stroke: #8c2d2a; stroke-width: 1.5; }
  .start { fill: #111; }
  .start-dir { fill: none; stroke: #111; stroke-width: 3; }
  .point { fill: #4a78c2; }
  .segment { fill: none; stroke: #1f6b3a; stroke-width: 1.5; }
  .diff { fill: none; stroke: #d00; stroke-width: 2.5; }
  .note { fill: #8c2d2a; }
  .line-ab { fill: none; stroke: #2a58a2; stroke-width: 1.5; stroke-dasharray: 6 4; }
  .segment-ab { fill: none; stroke: #2a58a2; stroke-width: 3; }
  .circle-abc { fill: #4a78c2; fill-opacity: 0.12; stroke: #2a58a2; stroke-width: 1.5; }
  .query { fill: #d00; }
  .verdict-ref { fill: #1f6b3a; }
  .verdict-port { fill: #8c2d2a; font-weight: bold; }
)";

// --- inputs -------------------------------------------------------------------

std::optional<std::int64_t> Snapped(double v, int snap_bits) {
  double s = std::ldexp(v, snap_bits);
  if (!std::isfinite(s) || std::fabs(s) > 1e15) return std::nullopt;
  return static_cast<std::int64_t>(std::nearbyint(s));  // ties to even (grid.snap)
}

void AddOutlines(const json& operand, const std::string& css, Panel& panel) {
  int bits = operand.at("options").at("SnapBits").get<int>();
  bits = std::clamp(bits, 0, 16);
  for (const json& outline : operand.at("outlines"))
    for (const json& ring : outline) {
      Shape s{css, {}, true, ""};
      for (const json& p : ring) {
        Vector2D v = PointFromJson(p);
        auto x = Snapped(v.x, bits), y = Snapped(v.y, bits);
        if (x && y) s.points.emplace_back(static_cast<double>(*x), static_cast<double>(*y));
      }
      if (!s.points.empty()) panel.shapes.push_back(std::move(s));
    }
}

void AddTileMap(const json& in, Panel& panel) {
  int bits = std::clamp(in.at("options").at("SnapBits").get<int>(), 0, 16);
  std::int64_t width = in.at("width").get<std::int64_t>();
  std::int64_t height = in.at("height").get<std::int64_t>();
  double cell = DoubleFromJson(in.at("cellSize"));
  Vector2D origin = PointFromJson(in.at("origin"));
  std::vector<bool> solid;
  const json& cells = in.at("cells");
  if (cells.is_string()) {
    for (char c : cells.get_ref<const std::string&>()) solid.push_back(c == '1');
  } else {
    for (const json& c : cells) solid.push_back(c.get<int>() != 0);
  }
  if (width < 0 || height < 0 || static_cast<std::size_t>(width * height) != solid.size()) {
    panel.notes.push_back("cells do not match width × height");
    return;
  }
  auto line = [&](double o, std::int64_t i) {  // grid.tilemap-lines
    return Snapped(o + static_cast<double>(i) * cell, bits);
  };
  bool all = solid.size() <= kMaxCells;
  for (std::int64_t y = 0; y < height; ++y)
    for (std::int64_t x = 0; x < width; ++x) {
      bool s = solid[static_cast<std::size_t>(y * width + x)];
      if (!s && !all) continue;
      auto x0 = line(origin.x, x), x1 = line(origin.x, x + 1);
      auto y0 = line(origin.y, y), y1 = line(origin.y, y + 1);
      if (!x0 || !x1 || !y0 || !y1) continue;
      double a = static_cast<double>(*x0), b = static_cast<double>(*x1);
      double c = static_cast<double>(*y0), d = static_cast<double>(*y1);
      panel.shapes.push_back({s ? "cell-solid" : "cell-empty", {{a, c}, {b, c}, {b, d}, {a, d}}});
    }
}

// The first three points make a triangle (the orientation's, or the
// in-circle test's circle); every point is labelled with its name.
void AddPointsInput(const std::vector<std::string>& names, const json& in, Panel& panel) {
  Shape triangle{"in-a", {}, true, ""};
  for (std::size_t i = 0; i < names.size(); ++i) {
    Vector2D p = PointFromJson(in.at(names[i]));
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
    if (i < 3) triangle.points.emplace_back(p.x, p.y);
    panel.shapes.push_back({"point", {{p.x, p.y}}, false, names[i]});
  }
  panel.shapes.insert(panel.shapes.begin(), triangle);
}

void AddArrangementInput(const json& in, Panel& panel) {
  for (const json& e : in.at("edges")) {
    int operand = e.at(4).get<int>();
    panel.shapes.push_back({operand == 1 ? "in-b" : "in-a",
                            {{e.at(0).get<double>(), e.at(1).get<double>()},
                             {e.at(2).get<double>(), e.at(3).get<double>()}},
                            false,
                            ""});
  }
}

Panel InputPanel(const std::string& op, const json& in) {
  Panel panel{"input", {}, {}};
  const Operation* row = FindOperation(op);
  try {
    switch (row ? row->input : InputForm::kNone) {
      case InputForm::kTileMap:
        AddTileMap(in, panel);
        break;
      case InputForm::kOutlines:
        AddOutlines(in, "in-a", panel);
        break;
      case InputForm::kRegionOperand: {
        const json& operand = in.at("region");
        if (operand.contains("cells"))
          AddTileMap(operand, panel);
        else
          AddOutlines(operand, "in-a", panel);
        if (in.contains("distance")) panel.notes.push_back("distance " + in.at("distance").dump());
        if (in.contains("settings")) panel.notes.push_back("settings " + in.at("settings").dump());
        break;
      }
      case InputForm::kOperandPair:
        AddOutlines(in.at("a"), "in-a", panel);
        AddOutlines(in.at("b"), "in-b", panel);
        panel.notes.push_back("A blue, B orange");
        break;
      case InputForm::kPoints:
        AddPointsInput(row->points, in, panel);
        break;
      case InputForm::kEdges:
        AddArrangementInput(in, panel);
        break;
      case InputForm::kBuild:
      case InputForm::kNone:
        break;
    }
  } catch (const std::exception& e) {
    panel.notes.push_back(std::string("input not drawn: ") + e.what());
  }
  return panel;
}

// --- outputs ------------------------------------------------------------------

// The first differing ring and vertex of two region outputs.
std::optional<std::pair<std::size_t, std::size_t>> FirstDifferentVertex(const json& e,
                                                                        const json& a) {
  if (!e.contains("rings") || !a.contains("rings")) return std::nullopt;
  const json &er = e.at("rings"), &ar = a.at("rings");
  for (std::size_t r = 0; r < std::min(er.size(), ar.size()); ++r)
    for (std::size_t k = 0; k < std::max(er[r].size(), ar[r].size()); ++k)
      if (k >= er[r].size() || k >= ar[r].size() || er[r][k] != ar[r][k])
        return std::make_pair(r, k);
  return std::nullopt;
}

Panel OutputPanel(const std::string& title, const std::string& op, const Answer& answer,
                  const std::string& ring_css, const json& other) {
  Panel panel{title, {}, {}};
  if (!answer.output) {
    panel.notes.push_back(answer.error_type + " " + answer.error_fields.dump());
    return panel;
  }
  json out;
  try {
    out = DecodeOutput(op, *answer.output);
  } catch (const std::exception& e) {
    panel.notes.push_back(std::string("output does not decode: ") + e.what());
    return panel;
  }
  if (out.contains("sign")) panel.notes.push_back("sign " + out.at("sign").dump());
  if (out.contains("rings")) {
    std::size_t n = 0;
    for (const json& ring : out.at("rings")) {
      Shape s{ring_css, {}, true, ""};
      for (const json& p : ring)
        s.points.emplace_back(p.at(0).get<double>(), p.at(1).get<double>());
      if (s.points.empty()) continue;
      ++n;
      Point a = s.points[0], b = s.points.size() > 1 ? s.points[1] : a;
      panel.shapes.push_back(std::move(s));
      // The ring's start and its direction: a dot and a short stroke along the first edge.
      panel.shapes.push_back({"start", {a}, false, ""});
      panel.shapes.push_back(
          {"start-dir",
           {a, {a.first + (b.first - a.first) * 0.3, a.second + (b.second - a.second) * 0.3}},
           false,
           ""});
    }
    panel.notes.push_back(fmt::format("{} ring{}", n, n == 1 ? "" : "s"));
    if (auto d = FirstDifferentVertex(other, out)) {
      const json& rings = out.at("rings");
      if (d->first < rings.size() && d->second < rings[d->first].size()) {
        const json& p = rings[d->first][d->second];
        panel.shapes.push_back({"diff",
                                {{p.at(0).get<double>(), p.at(1).get<double>()}},
                                false,
                                fmt::format("ring {}, vertex {}", d->first, d->second)});
      }
    }
  }
  if (out.contains("segments")) {
    const json& v = out.at("vertices");
    for (const json& s : out.at("segments")) {
      const json &a = v.at(s.at(0).get<std::size_t>()), &b = v.at(s.at(1).get<std::size_t>());
      panel.shapes.push_back({"segment",
                              {{a.at(0).get<double>(), a.at(1).get<double>()},
                               {b.at(0).get<double>(), b.at(1).get<double>()}},
                              false,
                              ""});
    }
    panel.notes.push_back(
        fmt::format("{} vertices, {} segments", v.size(), out.at("segments").size()));
  }
  return panel;
}

json Decoded(const std::string& op, const Answer& a) {
  if (!a.output) return json::object();
  try {
    return DecodeOutput(op, *a.output);
  } catch (const std::exception&) {
    return json::object();
  }
}

// --- drawing ------------------------------------------------------------------

struct View {
  double min_x, min_y, scale;
  double Px(double x, double left) const { return left + 12 + (x - min_x) * scale; }
  double Py(double y, double top) const { return top + kPanel - 12 - (y - min_y) * scale; }
};

View CommonView(const std::vector<Panel>& panels) {
  double lo_x = std::numeric_limits<double>::infinity(), lo_y = lo_x, hi_x = -lo_x, hi_y = -lo_x;
  for (const Panel& p : panels)
    for (const Shape& s : p.shapes)
      for (auto [x, y] : s.points) {
        lo_x = std::min(lo_x, x);
        hi_x = std::max(hi_x, x);
        lo_y = std::min(lo_y, y);
        hi_y = std::max(hi_y, y);
      }
  if (!std::isfinite(lo_x)) return {0, 0, 1};
  double extent = std::max({hi_x - lo_x, hi_y - lo_y, 1e-300});
  return {lo_x, lo_y, (kPanel - 24) / extent};
}

std::string DrawPanel(const Panel& panel, const View& view, double left, double top) {
  std::string s = fmt::format(
      "<g>\n<text class=\"title\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n"
      "<rect class=\"frame\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{}\" height=\"{}\"/>\n",
      left, top - 8, SvgEscape(panel.title), left, top, kPanel, kPanel);
  for (const Shape& shape : panel.shapes) {
    if (shape.points.size() == 1) {
      auto [x, y] = shape.points[0];
      double r = shape.css == "diff" ? 7 : 3.5;
      s += fmt::format("<circle class=\"{}\" cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"{}\">", shape.css,
                       view.Px(x, left), view.Py(y, top), r);
      if (!shape.label.empty()) s += "<title>" + SvgEscape(shape.label) + "</title>";
      s += "</circle>\n";
      if (!shape.label.empty() && shape.css == "point")
        s += fmt::format("<text x=\"{:.2f}\" y=\"{:.2f}\">{}</text>\n", view.Px(x, left) + 5,
                         view.Py(y, top) - 5, SvgEscape(shape.label));
      continue;
    }
    std::string d;
    for (std::size_t i = 0; i < shape.points.size(); ++i)
      d += fmt::format("{}{:.2f},{:.2f} ", i ? "L" : "M", view.Px(shape.points[i].first, left),
                       view.Py(shape.points[i].second, top));
    if (shape.closed) d += "Z";
    s += fmt::format("<path class=\"{}\" d=\"{}\"/>\n", shape.css, d);
  }
  double y = top + kPanel + 16;  // notes under the frame, two at most
  for (std::size_t i = 0; i < std::min<std::size_t>(2, panel.notes.size()); ++i) {
    const std::string& note = panel.notes[i];
    s += fmt::format("<text class=\"note\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", left + 6, y,
                     SvgEscape(note.substr(0, CutEnd(note, 0, 52)) +
                               (CutEnd(note, 0, 52) < note.size() ? "…" : "")));
    y += 15;
  }
  return s + "</g>\n";
}

std::string Legend(double top) {
  struct Item {
    const char* css;
    const char* shape;
    const char* text;
  };
  const Item items[] = {{"cell-solid", "rect", "solid cell / input"},
                        {"ring", "rect", "reference output (interior on the left)"},
                        {"ring-port", "rect", "port output"},
                        {"start", "circle", "ring start (first edge stroked)"},
                        {"diff", "circle", "first differing vertex"}};
  std::string s = "<g class=\"legend\">\n";
  double x = kGap, y = top + 20;
  for (const Item& it : items) {
    if (std::string(it.shape) == "rect")
      s +=
          fmt::format("<rect class=\"{}\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"14\"/>\n",
                      it.css, x, y - 11);
    else
      s += fmt::format("<circle class=\"{}\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"5\"/>\n", it.css,
                       x + 7, y - 4);
    s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", x + 20, y, it.text);
    x += 20 + 7.0 * static_cast<double>(std::string(it.text).size()) + 24;
    if (x > 3 * kPanel) {
      x = kGap;
      y += 22;
    }
  }
  return s + "</g>\n";
}

// The document's start: size, style, title and the caption (its lines,
// each cut to about 140 bytes, at most three; empty lines are left out).
std::string Head(const FailurePicture& p, double width, double height) {
  std::string s = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\">\n<style>{2}</style>\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"#fafafa\"/>\n"
      "<text class=\"title\" x=\"{3}\" y=\"20\">{4}</text>\n",
      width, height, kStyle, kGap, SvgEscape(p.title));
  double y = 40;
  for (std::size_t at = 0, line = 0; at < p.caption.size() && line < 3;) {
    std::size_t nl = std::min(p.caption.find('\n', at), p.caption.size());
    std::size_t end = CutEnd(p.caption, at, std::min<std::size_t>(nl - at, 140));
    std::string text = p.caption.substr(at, end - at) + (end < nl ? "…" : "");
    at = nl + 1;
    if (text.empty()) continue;
    s += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", kGap, y, SvgEscape(text));
    y += 16;
    ++line;
  }
  return s;
}

// --- predicates ---------------------------------------------------------------

// What a sign means for the operation, in words.
std::string SignMeaning(const std::string& op, int sign, int orientation_abc) {
  if (op == "Predicates.Orient2D")
    return sign > 0   ? "c left of a→b (counter-clockwise)"
           : sign < 0 ? "c right of a→b (clockwise)"
                      : "a, b, c collinear";
  if (orientation_abc == 0) return "a, b, c collinear: the determinant's sign";
  if (sign == 0) return "d on the circle through a, b, c";
  return sign * orientation_abc > 0 ? "d inside the circle through a, b, c"
                                    : "d outside the circle through a, b, c";
}

// "sign -1: c right of a→b (clockwise)", or the exception.
std::string PredicateVerdict(const std::string& op, const Answer& a, int orientation_abc) {
  if (!a.output) return a.error_type + " " + a.error_fields.dump();
  try {
    int sign = DecodeOutput(op, *a.output).at("sign").get<int>();
    return fmt::format("sign {}: {}", sign, SignMeaning(op, sign, orientation_abc));
  } catch (const std::exception& e) {
    return std::string("output does not decode: ") + e.what();
  }
}

// Orient2D: the points and the directed line through a and b, c marked.
// InCircle: the points and the circle through a, b, c, d marked. One
// drawing, and beside it the exact coordinates and both answers in words.
std::string PredicateSvg(const FailurePicture& p, const Operation& op) {
  bool incircle = op.points.size() == 4;
  std::vector<std::pair<std::string, Vector2D>> pts;
  for (const std::string& n : op.points) {
    try {
      Vector2D v = PointFromJson(p.input.at(n));
      if (std::isfinite(v.x) && std::isfinite(v.y)) pts.emplace_back(n, v);
    } catch (const std::exception&) {
      // not drawn; the text beside says what the input holds
    }
  }
  int orientation = 0;
  bool all = pts.size() == op.points.size();
  if (all) {
    try {
      orientation = exact::CheckedOrient2D(pts[0].second, pts[1].second, pts[2].second);
    } catch (const std::exception&) {
      orientation = 0;
    }
  }
  // Drawn relative to the smallest coordinates: differences stay exact.
  double lo_x = std::numeric_limits<double>::infinity(), lo_y = lo_x;
  for (const auto& [n, v] : pts) lo_x = std::min(lo_x, v.x), lo_y = std::min(lo_y, v.y);
  Panel panel{"input", {}, {}};
  for (const auto& [n, v] : pts)
    panel.shapes.push_back(
        {n == op.points.back() ? "query" : "point", {{v.x - lo_x, v.y - lo_y}}, false, n});
  // The circle through a, b, c (when they turn), in relative coordinates.
  std::optional<std::pair<Point, double>> circle;
  if (incircle && all && orientation != 0) {
    double ax = pts[0].second.x - lo_x, ay = pts[0].second.y - lo_y;
    double bx = pts[1].second.x - lo_x, by = pts[1].second.y - lo_y;
    double cx = pts[2].second.x - lo_x, cy = pts[2].second.y - lo_y;
    double d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
    double a2 = ax * ax + ay * ay, b2 = bx * bx + by * by, c2 = cx * cx + cy * cy;
    double ux = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
    double uy = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
    double r = std::hypot(ax - ux, ay - uy);
    if (std::isfinite(ux) && std::isfinite(uy) && std::isfinite(r)) circle = {{ux, uy}, r};
  }
  // The view: the points, and the circle when it is not much larger.
  std::vector<Panel> extent = {panel};
  View view = CommonView(extent);
  if (circle) {
    double span = (kPanel - 24) / view.scale;
    if (circle->second <= 4 * span) {
      auto [u, r] = *circle;
      extent[0].shapes.push_back({"", {{u.first - r, u.second - r}, {u.first + r, u.second + r}}});
      view = CommonView(extent);
    }
  }
  double left = kGap, top = kTop;
  double width = 2 * kPanel + 3 * kGap + 120, height = kTop + kPanel + kNotes + kLegend;
  std::string s = Head(p, width, height);
  s += fmt::format(
      "<clipPath id=\"drawing\"><rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{}\" height=\"{}\"/>"
      "</clipPath>\n",
      left, top, kPanel, kPanel);
  s += fmt::format(
      "<text class=\"title\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n"
      "<rect class=\"frame\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{}\" height=\"{}\"/>\n"
      "<g clip-path=\"url(#drawing)\">\n",
      left, top - 8, incircle ? "in-circle test" : "orientation test", left, top, kPanel, kPanel);
  auto px = [&](double x) { return view.Px(x, left); };
  auto py = [&](double y) { return view.Py(y, top); };
  if (circle) {
    auto [u, r] = *circle;
    s += fmt::format(
        "<circle class=\"circle-abc\" cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"{:.2f}\">"
        "<title>circle through a, b, c</title></circle>\n",
        px(u.first), py(u.second), r * view.scale);
  }
  if (!incircle && all && !(pts[0].second == pts[1].second)) {
    // The line through a and b, across the drawing, and a→b itself.
    double ax = px(pts[0].second.x - lo_x), ay = py(pts[0].second.y - lo_y);
    double bx = px(pts[1].second.x - lo_x), by = py(pts[1].second.y - lo_y);
    double len = std::hypot(bx - ax, by - ay), far = 4 * kPanel / std::max(len, 1e-9);
    s += fmt::format(
        "<path class=\"line-ab\" d=\"M{:.2f},{:.2f} L{:.2f},{:.2f}\"><title>the line through a "
        "and b</title></path>\n",
        ax - (bx - ax) * far, ay - (by - ay) * far, bx + (bx - ax) * far, by + (by - ay) * far);
    s += fmt::format("<path class=\"segment-ab\" d=\"M{:.2f},{:.2f} L{:.2f},{:.2f}\"/>\n", ax, ay,
                     bx, by);
  }
  for (const Shape& shape : panel.shapes) {
    auto [x, y] = shape.points[0];
    s += fmt::format(
        "<circle class=\"{}\" cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"{}\"><title>{}</title></circle>\n"
        "<text x=\"{:.2f}\" y=\"{:.2f}\">{}</text>\n",
        shape.css, px(x), py(y), shape.css == "query" ? 5 : 3.5, SvgEscape(shape.label), px(x) + 6,
        py(y) - 6, SvgEscape(shape.label));
  }
  s += "</g>\n";
  // Beside the drawing: the exact input and both answers.
  double x = left + kPanel + kGap, y = top + 8;
  auto line = [&](const std::string& text, const char* cls = "") {
    s += fmt::format("<text{} x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
                     *cls ? fmt::format(" class=\"{}\"", cls) : "", x, y, SvgEscape(text));
    y += 18;
  };
  std::string args;
  for (const std::string& n : op.points) args += (args.empty() ? "" : ", ") + n;
  line(fmt::format("{}({})", incircle ? "InCircle" : "Orient2D", args));
  for (const std::string& n : op.points)
    line(fmt::format("{} = {}", n, p.input.contains(n) ? p.input.at(n).dump() : "(missing)"));
  y += 8;
  line("reference: " + PredicateVerdict(p.op, p.expected, orientation), "verdict-ref");
  line(p.port + ": " + PredicateVerdict(p.op, p.actual, orientation), "verdict-port");
  // The legend of what is drawn.
  double ly = top + kPanel + kNotes;
  s += "<g class=\"legend\">\n";
  s += fmt::format(
      "<circle class=\"query\" cx=\"{0:.1f}\" cy=\"{1:.1f}\" r=\"5\"/><text x=\"{2:.1f}\" "
      "y=\"{3:.1f}\">{4}: the point tested</text>\n",
      kGap + 7, ly, kGap + 20, ly + 4, op.points.back());
  if (incircle)
    s += fmt::format(
        "<circle class=\"circle-abc\" cx=\"{0:.1f}\" cy=\"{1:.1f}\" r=\"6\"/><text "
        "x=\"{2:.1f}\" y=\"{3:.1f}\">the circle through a, b, c{4}</text>\n",
        kGap + 227, ly, kGap + 240, ly + 4, circle ? "" : " (none: a, b, c collinear)");
  else
    s += fmt::format(
        "<path class=\"segment-ab\" d=\"M{0:.1f},{1:.1f} L{2:.1f},{1:.1f}\"/><text x=\"{3:.1f}\" "
        "y=\"{4:.1f}\">the directed line a→b</text>\n",
        kGap + 220, ly, kGap + 236, kGap + 244, ly + 4);
  s += "</g>\n";
  return s + "</svg>\n";
}

}  // namespace

std::string FailureSvg(const FailurePicture& p) {
  const Operation* row = FindOperation(p.op);
  if (row && row->input == InputForm::kPoints) return PredicateSvg(p, *row);
  json expected = Decoded(p.op, p.expected), actual = Decoded(p.op, p.actual);
  std::vector<Panel> panels = {
      InputPanel(p.op, p.input),
      OutputPanel("reference (expected)", p.op, p.expected, "ring", actual),
      OutputPanel("port (got)", p.op, p.actual, "ring-port", expected)};
  panels[2].notes.insert(panels[2].notes.begin(), p.port);
  View view = CommonView(panels);
  double width = 3 * kPanel + 4 * kGap, height = kTop + kPanel + kNotes + kLegend;
  std::string s = Head(p, width, height);
  for (std::size_t i = 0; i < panels.size(); ++i)
    s += DrawPanel(panels[i], view, kGap + static_cast<double>(i) * (kPanel + kGap), kTop);
  s += Legend(kTop + kPanel + kNotes);
  return s + "</svg>\n";
}

}  // namespace onepath::conformance
