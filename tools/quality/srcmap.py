"""What the quality tools (tools/golden-coverage.sh, tools/mutation.py) know
about src/: the spec chapter and clause a line of code belongs to, the
result-neutral ranges of tools/quality/result-neutral.txt, and the C++
source with comments and literals blanked out.

Chapter of a line: the clause ids the code cites in its comments
(docs/spec/*.md headings "### `id`" say which chapter a clause is in). A
line belongs to the chapter of the nearest clause cited above it, when that
chapter is a main one of the file (at least a fifth of its citations), else
to the chapter the file cites most; a file that cites none goes by its
folder (FOLDER_CHAPTERS).
"""
import collections
import fnmatch
import os
import re

CLAUSE_HEADING = re.compile(r"^#+ `([a-z0-9]+(?:\.[a-z0-9-]+)+)`")
CLAUSE_REF = re.compile(r"(?<![\w.-])([a-z0-9]+(?:\.[a-z0-9-]+)+)(?![\w-])")

# Files that cite no clause: their chapter by path (first match wins).
FOLDER_CHAPTERS = [
    ("src/onepath/exact/*", "predicates"),
    ("src/onepath/core/canonical*", "canonical"),
    ("src/onepath/core/errors*", "errors"),
    ("src/onepath/core/fp_environment*", "numerics"),
    ("src/onepath/geom2d/grid*", "grid"),
    ("src/onepath/build3d/*", "build3d-spans"),
    ("src/onepath/*", "core (no clause cited)"),
]


def load_clauses(root):
    """clause id -> chapter (the spec file's name without .md)."""
    spec = os.path.join(root, "docs", "spec")
    out = {}
    for name in sorted(os.listdir(spec)):
        if not name.endswith(".md"):
            continue
        with open(os.path.join(spec, name), encoding="utf-8") as f:
            for line in f:
                m = CLAUSE_HEADING.match(line)
                if m:
                    out[m.group(1)] = name[:-3]
    return out


def source_files(root, globs=None):
    """The C++ files of src/, relative to root, sorted; with globs (fnmatch
    patterns on that relative path), only those matching one."""
    out = []
    for d, _, files in os.walk(os.path.join(root, "src")):
        for f in files:
            if f.endswith((".cpp", ".hpp", ".h", ".cc")):
                rel = os.path.relpath(os.path.join(d, f), root)
                if not globs or any(fnmatch.fnmatch(rel, g) for g in globs):
                    out.append(rel)
    return sorted(out)


class FileMap:
    """Per line of one source file: the clause cited nearest above it and
    its chapter."""

    def __init__(self, rel, lines, clauses):
        self.rel = rel
        cites = []  # (line number, clause)
        for n, text in enumerate(lines, 1):
            for m in CLAUSE_REF.finditer(text):
                if m.group(1) in clauses:
                    cites.append((n, m.group(1)))
        counts = collections.Counter(clauses[c] for _, c in cites)
        total = sum(counts.values())
        main = {ch for ch, k in counts.items() if 5 * k >= total}
        if counts:
            self.default = counts.most_common(1)[0][0]
        else:
            self.default = next(ch for g, ch in FOLDER_CHAPTERS if fnmatch.fnmatch(rel, g))
        self.clause = [None] * (len(lines) + 2)
        self.chapter = [self.default] * (len(lines) + 2)
        current, current_chapter = None, self.default
        it = iter(cites)
        nxt = next(it, None)
        for n in range(1, len(lines) + 1):
            while nxt is not None and nxt[0] == n:
                current = nxt[1]
                if clauses[current] in main:
                    current_chapter = clauses[current]
                nxt = next(it, None)
            self.clause[n] = current
            self.chapter[n] = current_chapter


class Neutral:
    """tools/quality/result-neutral.txt: code the spec marks as not changing
    any result. Each line: PATH [FIRST-LAST] CLAUSE "ANCHOR" REASON..., where
    the range is optional (whole file) and ANCHOR is text the range's first
    line must contain (so that a range that moved is an error, not a silent
    mistake)."""

    LINE = re.compile(r'^(\S+)\s+(?:(\d+)-(\d+)\s+)?(\S+)\s+"([^"]*)"\s+(.*)$')

    def __init__(self, root, path):
        self.entries = []  # (rel, first, last, clause, reason)
        errors = []
        with open(path, encoding="utf-8") as f:
            for k, raw in enumerate(f, 1):
                line = raw.strip()
                if not line or line.startswith("#"):
                    continue
                m = self.LINE.match(line)
                if not m:
                    errors.append(f"{path}:{k}: not PATH [FIRST-LAST] CLAUSE \"ANCHOR\" REASON")
                    continue
                rel, first, last, clause, anchor, reason = m.groups()
                full = os.path.join(root, rel)
                if not os.path.isfile(full):
                    errors.append(f"{path}:{k}: no file {rel}")
                    continue
                with open(full, encoding="utf-8") as g:
                    text = g.read().splitlines()
                first = int(first) if first else 1
                last = int(last) if last else len(text)
                if not 1 <= first <= last <= len(text):
                    errors.append(f"{path}:{k}: range {first}-{last} outside {rel}")
                    continue
                if anchor and anchor not in text[first - 1]:
                    errors.append(f"{path}:{k}: line {first} of {rel} does not contain "
                                  f"\"{anchor}\" (the code moved: update the range)")
                    continue
                self.entries.append((rel, first, last, clause, reason))
        if errors:
            raise ValueError("\n".join(errors))

    def find(self, rel, line):
        """The entry whose range holds rel:line, or None."""
        for e in self.entries:
            if e[0] == rel and e[1] <= line <= e[2]:
                return e
        return None


def blank_comments_and_literals(text):
    """The text with comments, string and character literals replaced by
    spaces (newlines kept), so that line and column numbers still match."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            blank(i, j)
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            k = text.find("(", i)
            delim = text[i + 2:k]
            j = text.find(")" + delim + '"', k)
            j = n if j < 0 else j + len(delim) + 2
            blank(i, j)
            i = j
        elif c in "\"'":
            # A digit separator (1'000) is no character literal.
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum():
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            blank(i, min(j + 1, n))
            i = j + 1
        else:
            i += 1
    return "".join(out)
