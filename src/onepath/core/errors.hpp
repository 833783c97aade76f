// Exception types of the spec (docs/spec/errors.md, err.*).
//
// Every exception the library throws is one of these four. Each carries the
// structured fields that name the culprit, so negative golden vectors can
// compare them field by field.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace onepath {

// err.fields: what an error can name. Unset fields are absent. A new field
// is added here and in ForEachErrorField below, nowhere else.
struct ErrorFields {
  std::optional<std::string> argument;   // parameter name, e.g. "c.y"
  std::optional<std::int64_t> outline;   // index of the outline in the input
  std::optional<std::int64_t> ring;      // index of the ring in its outline
  std::optional<std::int64_t> vertex;    // index of the vertex in its ring / argument list
  std::optional<std::int64_t> edge;      // index of the edge in an edge list
  std::optional<std::int64_t> triangle;  // index of a soup triangle or per-triangle entry
  std::optional<std::int64_t> volume;    // index of an area volume
  std::optional<std::int64_t> column;    // heightfield column x + width * z
  std::optional<std::int64_t> span;      // index of a span in its column, from the bottom
  std::optional<double> value;           // the offending value
  std::optional<std::string> setting;    // name of an out-of-range setting
  std::optional<std::int64_t> tileX;     // tile column
  std::optional<std::int64_t> tileZ;     // tile row
  std::optional<std::int64_t> count;     // an offending count (tiles, rows, vertices)
  std::optional<std::int64_t> polygon;   // index of a polygon in a tile's mesh (b3d.detail.limit)
  std::optional<std::int64_t> layer;     // a tile's layer (nav.mesh)
};

// Calls visit(name, member) for every field of ErrorFields, in the order
// above, with its name as the spec spells it and a pointer to the member
// (f.*member is the std::optional). Everything that lists the fields (the
// description below, the runner's JSON, the fuzzers' comparisons) goes
// through it.
template <typename Visit>
void ForEachErrorField(Visit visit) {
  visit("argument", &ErrorFields::argument);
  visit("outline", &ErrorFields::outline);
  visit("ring", &ErrorFields::ring);
  visit("vertex", &ErrorFields::vertex);
  visit("edge", &ErrorFields::edge);
  visit("triangle", &ErrorFields::triangle);
  visit("volume", &ErrorFields::volume);
  visit("column", &ErrorFields::column);
  visit("span", &ErrorFields::span);
  visit("value", &ErrorFields::value);
  visit("setting", &ErrorFields::setting);
  visit("tileX", &ErrorFields::tileX);
  visit("tileZ", &ErrorFields::tileZ);
  visit("count", &ErrorFields::count);
  visit("polygon", &ErrorFields::polygon);
  visit("layer", &ErrorFields::layer);
}

// err.types: the common base. Not thrown itself.
class OnePathException : public std::runtime_error {
 public:
  OnePathException(const std::string& message, ErrorFields fields)
      : std::runtime_error(message), fields_(std::move(fields)) {}
  const ErrorFields& fields() const { return fields_; }
  // The spec's type name, e.g. "ArgumentOutOfRangeException".
  virtual const char* typeName() const = 0;

 private:
  ErrorFields fields_;
};

class ArgumentException : public OnePathException {
 public:
  using OnePathException::OnePathException;
  const char* typeName() const override { return "ArgumentException"; }
};

// err.types: a kind of ArgumentException.
class ArgumentOutOfRangeException : public ArgumentException {
 public:
  using ArgumentException::ArgumentException;
  const char* typeName() const override { return "ArgumentOutOfRangeException"; }
};

class InvalidOperationException : public OnePathException {
 public:
  using OnePathException::OnePathException;
  const char* typeName() const override { return "InvalidOperationException"; }
};

// err.geometry: an internal defect (e.g. the arrangement's repair loop), never bad input.
class GeometryException : public OnePathException {
 public:
  using OnePathException::OnePathException;
  const char* typeName() const override { return "GeometryException"; }
};

// "message (argument=c.y, vertex=2, value=nan)": the message plus every set field.
std::string DescribeError(const OnePathException& e);

}  // namespace onepath
