#!/usr/bin/env python3
"""docs/spec/README.md against the tree, so that its tables cannot go stale.

    spec_readme.py SOURCE_ROOT             check; exit 1 and list every mismatch
    spec_readme.py --self-test SOURCE_ROOT check that planted mistakes are found

The chapter table ("## Chapters"):
- every chapter file docs/spec/*.md (README.md and CHANGES.md aside) has a
  row that links it, every linked file exists, and a chapter named without
  a link ("not written yet") does not exist;
- every clause id of a chapter has one of its row's prefixes as its longest
  prefix among all rows, and every prefix of a row is used by a clause of it;
- "implementation": every path (a backticked name with a "/", below
  src/onepath/, `a.{hpp,cpp}` naming a.hpp and a.cpp) exists; each cites a
  clause id of the chapter or the chapter's file name, or a file of the same
  stem named in the row does; every .cpp file below src/onepath/ is named
  in some row; a row with "—" is a chapter that no file of src/ cites;
- "golden families": every family listed is in golden/suite.json, has its
  folder under golden/ and a vector that names a clause of the chapter;
  every family of the suite is listed in some row; a row with "—" is a
  chapter that not every vector of any family names.

The open points ("## Points the sources leave open"): every clause id in a
"clause" column is a clause of the spec, and the clauses listed there are
exactly the clauses whose text carries a pin mark, **(pinned…** or
**(departs from…**. A clause whose text marks it **Not observable by a
port:** gives a reason on that line.

The parse of clause headings is the runner's (conformance/runner/clauses.cpp).
"""
import copy
import glob
import json
import os
import re
import sys

HEADING = re.compile(
    r"^#{2,5}\s+`?([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)`?\s+(?:—|--|-)\s+(.*)$")
ANY_HEADING = re.compile(r"^#{1,6}\s")
PIN_MARK = re.compile(r"\*\*\((?:pinned|departs from)\b")
NOT_OBSERVABLE = "**Not observable by a port:**"
DASH = "—"

# Clauses listed in the open-points table whose text another branch of
# issue 25 owns (h25-vec: offset.limits); the check fails once such a clause
# carries its mark, so that this list cannot outlive its reason.
PENDING_MARK = {"offset.limits"}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


class Tree:
    """What the checks read, loaded once so that the self-test can plant
    mistakes in a copy."""

    def __init__(self, root):
        spec = os.path.join(root, "docs", "spec")
        self.readme = read(os.path.join(spec, "README.md"))
        self.chapters = {}  # file name -> text
        for p in sorted(glob.glob(os.path.join(spec, "*.md"))):
            name = os.path.basename(p)
            if name not in ("README.md", "CHANGES.md"):
                self.chapters[name] = read(p)
        src = os.path.join(root, "src", "onepath")
        self.sources = {}  # path below src/onepath -> text
        for p in sorted(glob.glob(os.path.join(src, "**", "*.[ch]pp"), recursive=True)):
            self.sources[os.path.relpath(p, src).replace(os.sep, "/")] = read(p)
        golden = os.path.join(root, "golden")
        self.families = json.loads(read(os.path.join(golden, "suite.json")))["families"]
        self.family_dirs = set()  # families with a folder under golden/
        self.vector_clauses = {}  # family -> [the clause ids of each vector]
        for fam in self.families:
            folder = os.path.join(golden, *fam.split("/"))
            if os.path.isdir(folder):
                self.family_dirs.add(fam)
            vectors = []
            for p in sorted(glob.glob(os.path.join(folder, "*.jsonl"))):
                for line in read(p).splitlines():
                    if line.strip():
                        vectors.append(json.loads(line).get("clauses") or [])
            self.vector_clauses[fam] = vectors


def clause_sections(text):
    """[(id, body lines)] of a chapter, a body running to the next heading."""
    out = []
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            out.append((m.group(1), []))
        elif ANY_HEADING.match(line):
            out.append((None, []))
        elif out:
            out[-1][1].append(line)
    return [(cid, body) for cid, body in out if cid]


def section(text, title, level=2):
    """The text of the section with this heading, up to the next heading of
    the same or a higher level."""
    lines = text.splitlines()
    mark = "#" * level + " " + title
    for i, line in enumerate(lines):
        if line.strip() == mark:
            body = []
            for rest in lines[i + 1:]:
                m = re.match(r"^(#+)\s", rest)
                if m and len(m.group(1)) <= level:
                    break
                body.append(rest)
            return "\n".join(body)
    return None


def tables(text):
    """Every Markdown table of text as a list of {header: cell} rows."""
    out, header, rows = [], None, None
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            if header is None:
                header, rows = cells, []
            elif not all(re.fullmatch(r":?-+:?", c) for c in cells):
                rows.append(dict(zip(header, cells)))
        elif header is not None:
            out.append(rows)
            header = None
    return out


def ticked(cell):
    return re.findall(r"`([^`]+)`", cell)


def expand(name):
    m = re.fullmatch(r"(.*)\{([^}]*)\}(.*)", name)
    if not m:
        return [name]
    return [m.group(1) + alt + m.group(3) for alt in m.group(2).split(",")]


def cites(text, ids, chapter_file):
    if chapter_file in text:
        return True
    return any(re.search(r"(?<![a-z0-9.-])" + re.escape(i) + r"(?![a-z0-9-]|\.[a-z0-9])", text)
               for i in ids)


def check(tree):
    errors = []
    ids_of = {f: [cid for cid, _ in clause_sections(t)] for f, t in tree.chapters.items()}
    all_ids = {cid: f for f, ids in ids_of.items() for cid in ids}

    # The chapter table.
    chapters = section(tree.readme, "Chapters")
    if chapters is None:
        return ["README.md has no '## Chapters' section"]
    rows = [r for t in tables(chapters) for r in t]
    need = ("chapter", "clause prefix", "implementation", "golden families")
    rows = [r for r in rows if all(any(k.startswith(n) for k in r) for n in need)]
    if not rows:
        return ["README.md: the chapter table (columns " + ", ".join(need) + ") is missing"]

    def col(row, name):
        return next(v for k, v in row.items() if k.startswith(name))

    linked = {}  # chapter file -> row
    planned_prefixes = []
    for row in rows:
        links = re.findall(r"\[([^\]]+)\]\(([^)]+)\)", col(row, "chapter"))
        if links:
            for _, target in links:
                if target in linked:
                    errors.append(f"chapter table: {target} has two rows")
                elif target not in tree.chapters:
                    errors.append(f"chapter table: {target} is linked but docs/spec/{target} "
                                  "does not exist (or is README/CHANGES)")
                linked[target] = row
        else:
            for name in re.findall(r"[\w-]+\.md", col(row, "chapter")):
                if name in tree.chapters:
                    errors.append(f"chapter table: {name} exists now: link it and fill its row")
            planned_prefixes += ticked(col(row, "clause prefix"))
    for name in tree.chapters:
        if name not in linked:
            errors.append(f"chapter table: docs/spec/{name} has no row")

    prefix_owner = {}
    for name, row in linked.items():
        for p in ticked(col(row, "clause prefix")):
            prefix_owner[p] = name
    for p in planned_prefixes:
        prefix_owner.setdefault(p, None)

    def chapter_of(cid):
        best = max((p for p in prefix_owner if cid.startswith(p)), key=len, default=None)
        return prefix_owner.get(best) if best else None

    for name, row in linked.items():
        if name not in tree.chapters:
            continue
        used = set()
        for cid in ids_of[name]:
            best = max((p for p in prefix_owner if cid.startswith(p)), key=len, default=None)
            if best is None or prefix_owner[best] != name:
                errors.append(f"chapter table: clause {cid} of {name} does not fall under "
                              f"{name}'s prefixes (longest prefix: {best})")
            else:
                used.add(best)
        for p in ticked(col(row, "clause prefix")):
            if p not in used:
                errors.append(f"chapter table: prefix {p} of {name} names no clause of it")

    # Implementation files.
    named_anywhere = set()
    for name, row in list(linked.items()) + [(None, r) for r in rows
                                             if r not in linked.values()]:
        cell = col(row, "implementation")
        paths = [p for t in ticked(cell) if "/" in t for p in expand(t)]
        ids = ids_of.get(name, [])
        if name is None:  # a chapter not written yet
            if paths:
                errors.append(f"chapter table: a chapter not written yet names files {paths}")
            continue
        if cell.strip() == DASH:
            citing = sorted(f for f, text in tree.sources.items() if cites(text, ids, name))
            if citing:
                errors.append(f"chapter table: {name} says '{DASH}' for its implementation, "
                              f"but {', '.join(citing)} cite(s) it")
            continue
        if not paths:
            errors.append(f"chapter table: {name} names no implementation file and is not '{DASH}'")
        stems_citing = set()
        for p in paths:
            if p not in tree.sources:
                errors.append(f"chapter table: {name} names src/onepath/{p}, which does not exist")
            elif cites(tree.sources[p], ids, name):
                stems_citing.add(os.path.splitext(os.path.basename(p))[0])
        for p in paths:
            named_anywhere.add(p)
            stem = os.path.splitext(os.path.basename(p))[0]
            if p in tree.sources and stem not in stems_citing:
                errors.append(f"chapter table: {name} names src/onepath/{p}, but neither it nor "
                              f"a file of the same stem in the row cites a clause of {name}")
    for f in tree.sources:
        if f.endswith(".cpp") and f not in named_anywhere:
            errors.append(f"chapter table: src/onepath/{f} is named in no row")

    # Golden families.
    listed_anywhere = set()
    for name, row in linked.items():
        cell = col(row, "golden families")
        listed = set(ticked(cell))
        listed_anywhere |= listed
        for fam in sorted(listed):
            if fam not in tree.families:
                errors.append(f"chapter table: {name} lists golden family {fam}, which is not "
                              "in golden/suite.json")
            elif fam not in tree.family_dirs:
                errors.append(f"chapter table: {name} lists golden family {fam}, which has no "
                              f"folder golden/{fam}")
            elif not any(chapter_of(c) == name for v in tree.vector_clauses[fam] for c in v):
                errors.append(f"chapter table: {name} lists golden family {fam}, but no vector "
                              f"of it names a clause of {name}")
        if not listed:
            if cell.strip() != DASH:
                errors.append(f"chapter table: {name}'s golden families cell should be '{DASH}'")
            for fam in tree.families:
                vectors = tree.vector_clauses[fam]
                if vectors and all(any(chapter_of(c) == name for c in v) for v in vectors):
                    errors.append(f"chapter table: {name} says '{DASH}' for its golden families, "
                                  f"but every vector of {fam} names a clause of it")
    for fam in tree.families:
        if fam not in listed_anywhere:
            errors.append(f"chapter table: golden family {fam} is listed in no row")

    # The open points.
    points = section(tree.readme, "Points the sources leave open")
    if points is None:
        errors.append("README.md has no '## Points the sources leave open' section")
        return errors
    listed = set()
    for table in tables(points):
        for row in table:
            if "clause" not in row:
                continue
            for cid in ticked(row["clause"]):
                if cid not in all_ids:
                    errors.append(f"open points: {cid} is not a clause of the spec")
                listed.add(cid)
    if not listed:
        errors.append("open points: no table with a 'clause' column")
    marked = set()
    for f, text in tree.chapters.items():
        for cid, body in clause_sections(text):
            if any(PIN_MARK.search(line) for line in body):
                marked.add(cid)
            for line in body:
                if line.startswith(NOT_OBSERVABLE) and not line[len(NOT_OBSERVABLE):].strip():
                    errors.append(f"{f}: {cid} is marked not observable without a reason")
    for cid in sorted(marked - listed):
        errors.append(f"open points: {all_ids[cid]} marks {cid} as pinned, but the table does "
                      "not list it")
    for cid in sorted(listed - marked):
        if cid in all_ids and cid not in PENDING_MARK:
            errors.append(f"open points: the table lists {cid}, but {all_ids[cid]} has no pin "
                          "mark in it")
    for cid in sorted(PENDING_MARK & marked):
        errors.append(f"open points: {cid} carries its pin mark now: remove it from "
                      "PENDING_MARK in conformance/tests/spec_readme.py")
    return errors


def self_test(tree):
    """Each planted mistake must be reported; the unchanged tree must pass."""
    failures = []
    base = check(tree)
    if base:
        failures.append("the unchanged tree does not pass:\n  " + "\n  ".join(base))

    def plant(what, mutate, expect):
        t = copy.deepcopy(tree)
        mutate(t)
        found = check(t)
        if not any(expect in e for e in found):
            failures.append(f"not found: {what} (expected a message with {expect!r}; "
                            f"got {found})")

    def readme_sub(old, new):
        def mutate(t):
            assert old in t.readme, old
            t.readme = t.readme.replace(old, new, 1)
        return mutate

    # The stale table of issue 25: cdt without its family, triangulate and
    # pipeline "specified" (no implementation).
    plant("a family listed in no row",
          readme_sub("| `cdt` |", f"| {DASH} |"), "golden family cdt is listed in no row")
    plant("a chapter whose family is listed elsewhere only",
          readme_sub("| `shrink` |", f"| {DASH} |"), "every vector of shrink")
    plant("a family under a chapter it does not check",
          readme_sub("| `cdt` |", "| `cdt`, `predicates` |"),
          "lists golden family predicates, but")
    plant("an implemented chapter marked as not implemented",
          readme_sub("| `geom2d/pipeline.{hpp,cpp}` |", f"| {DASH} |"),
          "pipeline.md says")
    plant("a file that does not exist",
          readme_sub("`geom2d/shrink.cpp`", "`geom2d/shrunk.cpp`"), "shrunk.cpp, which does not")
    plant("a file named under the wrong chapter",
          readme_sub("`geom2d/offset.cpp`, ", "`geom2d/cdt_order.cpp`, "),
          "offset.cpp is named in no row")

    def new_chapter(t):
        t.chapters["zz.md"] = "# ZZ\n\n### `zz.rule` — A rule\n\nText.\n"
    plant("a chapter without a row", new_chapter, "docs/spec/zz.md has no row")

    def new_family(t):
        t.families = t.families + ["zz"]
        t.family_dirs.add("zz")
        t.vector_clauses["zz"] = [["pred.orient2d"]]
    plant("a family of the suite that no row lists", new_family, "golden family zz")

    def new_source(t):
        t.sources["geom2d/zz.cpp"] = "// region.rings\n"
    plant("a source file that no row names", new_source, "zz.cpp is named in no row")

    def in_clause(t, cid, change):
        """Applies change to the text of clause cid (heading to next heading)."""
        for name, text in t.chapters.items():
            m = re.search(r"^#{2,5} `" + re.escape(cid) + r"`.*?(?=^#|\Z)", text, re.M | re.S)
            if m:
                t.chapters[name] = text[:m.start()] + change(m.group(0)) + text[m.end():]
                return
        raise AssertionError(cid)

    plant("a listed clause without its mark",
          lambda t: in_clause(t, "cdt.locate", lambda s: PIN_MARK.sub("(", s)),
          "lists cdt.locate")
    plant("a marked clause that the table does not list",
          readme_sub("| `cdt.locate` |", "| `cdt.promise` |"), "marks cdt.locate")

    for cid in sorted(PENDING_MARK):
        plant("a pending clause that carries its mark",
              lambda t, cid=cid: in_clause(t, cid, lambda s: s + "**(pinned)**\n\n"),
              "PENDING_MARK")
    plant("a clause marked not observable without a reason",
          lambda t: in_clause(t, "cdt.promise", lambda s: s + NOT_OBSERVABLE + "\n\n"),
          "cdt.promise is marked not observable without a reason")
    return failures


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        failures = self_test(Tree(argv[2]))
        for f in failures:
            print("FAIL:", f)
        print("self-test:", "failed" if failures else "every planted mistake was found")
        return 1 if failures else 0
    if len(argv) != 2 or argv[1].startswith("-"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    errors = check(Tree(argv[1]))
    for e in errors:
        print(e)
    print(f"docs/spec/README.md: {len(errors)} mismatch(es) with the tree")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
