"""Single-site faults for the C++ of src/ (tools/mutation.py).

A mutant is one replacement of a span of a file's text: (start, end,
replacement) in characters. The operators look at the code only (comments
and literals blanked by srcmap.blank_comments_and_literals) and rely on
the project's clang-format style: binary operators have a space on each
side, template brackets and pointer/reference marks do not.

  ror    relational operator: < <= > >= == != to its boundary neighbour,
         its negation and (for < >) the other direction
  aor    arithmetic: + - * / % swapped, += -= *= /= swapped, ++ <-> --
  lcr    logical and bitwise connectives: && <-> ||, & <-> |, ^ -> |,
         << <-> >>
  obo    off by one: an integer literal k -> k + 1 and k - 1
  minmax std::min <-> std::max (and _element)
  bool   true <-> false
  key    sort-key swap: "A < B || (A == B && C < D)" and
         "A != B ? A < B : C < D" compare by C first, then A
  tie    tie-break reversed: the same forms with "D < C", and
         "if (A != B) return A < B;" followed by "return C < D;"
  neg    a condition negated: if (X) / while (X) -> (!(X))
  del    a statement dropped: an assignment, a call, ++/--, continue,
         break, or a whole one-line "if (...) statement;" -> {}
"""
import hashlib
import re

from srcmap import blank_comments_and_literals

OPERATORS = ["ror", "aor", "lcr", "obo", "minmax", "bool", "key", "tie", "neg", "del"]

ROR = {
    "<": ["<=", ">=", ">"],
    "<=": ["<", ">"],
    ">": [">=", "<=", "<"],
    ">=": [">", "<"],
    "==": ["!="],
    "!=": ["=="],
}
AOR = {"+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"], "%": ["/"],
       "+=": ["-="], "-=": ["+="], "*=": ["/="], "/=": ["*="]}
LCR = {"&&": ["||"], "||": ["&&"], "&": ["|"], "|": ["&"], "^": ["|"], "<<": [">>"], ">>": ["<<"]}

# Operators between spaces (clang-format's binary operators).
BINARY = re.compile(r"(?<= )(<<=|>>=|<=|>=|==|!=|<<|>>|&&|\|\||\+=|-=|\*=|/=|[<>+\-*/%&|^])(?= )")
INCDEC = re.compile(r"(\+\+|--)(?=[A-Za-z_(])|(?<=[\w\])])(\+\+|--)")
INT_LITERAL = re.compile(r"(?<![\w.'])(?<![pPeE][-+])(\d+)([uUlL]*)(?![\w.'])")
MINMAX = re.compile(r"\bstd::(min|max)(_element)?\b")
BOOL = re.compile(r"\b(true|false)\b")
# An operand without spaces: a.b, v[i], p->q, f(x), f(x).y.
TERM = r"[\w.\[\]>-]+(?:\([^()]*\)[\w.\[\]>-]*)?"
KEY_OR = re.compile(
    rf"(?P<a>{TERM}) (?P<op1><|>) (?P<b>{TERM}) \|\| \((?P=a) == (?P=b) && "
    rf"(?P<c>{TERM}) (?P<op2><|>) (?P<d>{TERM})\)")
KEY_TERNARY = re.compile(
    rf"(?P<a>{TERM}) != (?P<b>{TERM}) \? (?P=a) (?P<op1><|>) (?P=b) : "
    rf"(?P<c>{TERM}) (?P<op2><|>) (?P<d>{TERM})(?=[;)])")
IF_RETURN = re.compile(rf"^(\s*)if \((?P<a>{TERM}) != (?P<b>{TERM})\) return (?P=a) (<|>) (?P=b);\s*$")
RETURN_CMP = re.compile(rf"^(\s*)return (?P<c>{TERM}) (?P<op><|>) (?P<d>{TERM});\s*$")
COND = re.compile(r"\b(if|while) \(")
STATEMENT = re.compile(
    r"^(?:"
    r"[\w.\[\]>*-]+(?:\([^;]*\))?[\w.\[\]>-]* (?:=|\+=|-=|\*=|/=|\|=|&=|\^=|<<=|>>=) .*;"  # assignment
    r"|[\w:.\[\]>-]+(?:<[\w:, ]*>)?\(.*\);"  # a call
    r"|(?:\+\+|--)[\w.\[\]>-]+;|[\w.\[\]>-]+(?:\+\+|--);"
    r"|continue;|break;"
    r"|if \(.*\) (?:return\b.*|continue|break|throw\b.*|[\w.\[\]>-]+(?: [-+*/|&^]?= |\+\+|--|\().*);"
    r")$")
# Lines no mutant is made on: declarations, and statements that only
# reserve or free memory (every mutant of them is equivalent).
SKIP_LINE = re.compile(r"^\s*(#|template\b|using\b|typedef\b|namespace\b|static_assert\b|case\b|enum\b)"
                       r"|\bstatic_assert\s*\(|\boperator\b|\.reserve\(|\.shrink_to_fit\(|\(\)\.swap\(")


class Mutant:
    __slots__ = ("file", "line", "op", "start", "end", "replacement", "before", "after", "id")

    def __init__(self, file, text, line_starts, op, start, end, replacement, file_sha):
        self.file = file
        self.op = op
        self.start, self.end, self.replacement = start, end, replacement
        self.line = _line_of(line_starts, start)
        ls = line_starts[self.line - 1]
        le = text.find("\n", ls)
        le = len(text) if le < 0 else le
        self.before = text[ls:le].strip()
        le2 = text.find("\n", end)
        after = text[ls:start] + replacement + text[end:len(text) if le2 < 0 else le2]
        self.after = " ".join(after.split())
        key = f"{file_sha}:{start}:{end}:{replacement}"
        self.id = hashlib.sha1(key.encode()).hexdigest()[:12]

    def apply(self, text):
        return text[:self.start] + self.replacement + text[self.end:]

    def describe(self):
        return f"{self.file}:{self.line}: {self.op}: `{self.before}` -> `{self.after}`"

    @property
    def key(self):
        """The mutant named by its text, not its position (equivalent-mutants.txt)."""
        return mutant_key(self.file, self.op, self.before, self.after)


def mutant_key(file, op, before, after):
    """A mutant named by its text, not its position: `FILE: OP: `BEFORE` -> `AFTER``."""
    return f"{file}: {op}: `{before}` -> `{after}`"


def load_equivalents(path):
    """The argued-equivalent mutants (tools/quality/equivalent-mutants.txt):
    key (mutant_key) -> the argument. An entry is a line `FILE: OP: `BEFORE`
    -> `AFTER`` (as survivors.txt writes it, without the line number and the
    bracket) followed by indented lines of argument; `#` lines are comments.
    Raises ValueError on an entry without an argument or given twice."""
    out = {}
    key = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            if line[0].isspace():
                if key is None:
                    raise ValueError(f"{path}:{n}: an argument before any mutant")
                out[key] = (out[key] + " " + line.strip()).strip()
                continue
            key = line.rstrip("\n")
            if key in out:
                raise ValueError(f"{path}:{n}: the same mutant twice")
            out[key] = ""
    for k, why in out.items():
        if not why:
            raise ValueError(f"{path}: no argument for {k}")
    return out


def stale_equivalents(equivalents, mutants):
    """The entries of `equivalents` that name none of `mutants`."""
    known = {m.key for m in mutants}
    return [k for k in equivalents if k not in known]


def _line_of(line_starts, offset):
    lo, hi = 0, len(line_starts)
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if line_starts[mid] <= offset:
            lo = mid
        else:
            hi = mid
    return lo + 1


def _balanced(s):
    depth = 0
    for ch in s:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


def _matching_paren(code, open_at):
    depth = 0
    for k in range(open_at, len(code)):
        if code[k] == "(":
            depth += 1
        elif code[k] == ")":
            depth -= 1
            if depth == 0:
                return k
    return -1


def mutants_of(file, text, operators=OPERATORS):
    """Every mutant of one file (its path relative to the root and its text)."""
    code = blank_comments_and_literals(text)
    file_sha = hashlib.sha1(text.encode()).hexdigest()
    line_starts = [0] + [k + 1 for k, ch in enumerate(text) if ch == "\n"]
    lines = code.split("\n")
    out = []
    seen = set()

    def add(op, start, end, replacement):
        if (start, end, replacement) in seen or text[start:end] == replacement:
            return
        seen.add((start, end, replacement))
        out.append(Mutant(file, text, line_starts, op, start, end, replacement, file_sha))

    for n, line in enumerate(lines, 1):
        base = line_starts[n - 1]
        stripped = line.strip()
        if not stripped or SKIP_LINE.search(line):
            continue
        # Lines inside a declaration of a function's parameters or a
        # template argument list mostly are not expressions; the operators
        # below need spaces around them, which declarations rarely have.
        if "ror" in operators or "aor" in operators or "lcr" in operators:
            for m in BINARY.finditer(line):
                tok = m.group(1)
                for table, op in ((ROR, "ror"), (AOR, "aor"), (LCR, "lcr")):
                    if tok in table and op in operators:
                        for r in table[tok]:
                            add(op, base + m.start(1), base + m.end(1), r)
        if "aor" in operators:
            for m in INCDEC.finditer(line):
                g = 1 if m.group(1) else 2
                tok = m.group(g)
                add("aor", base + m.start(g), base + m.end(g), "--" if tok == "++" else "++")
        if "obo" in operators:
            for m in INT_LITERAL.finditer(line):
                # not an array bound or a bit width in a declaration
                if line[:m.start()].rstrip().endswith(("[", ":")) and not stripped.endswith(";"):
                    continue
                k = int(m.group(1))
                s, e = base + m.start(1), base + m.end(1)
                add("obo", s, e, str(k + 1))
                if k > 0:
                    add("obo", s, e, str(k - 1))
        if "minmax" in operators:
            for m in MINMAX.finditer(line):
                other = "max" if m.group(1) == "min" else "min"
                add("minmax", base + m.start(1), base + m.end(1), other)
        if "bool" in operators:
            for m in BOOL.finditer(line):
                add("bool", base + m.start(1), base + m.end(1),
                    "false" if m.group(1) == "true" else "true")
        for rx in (KEY_OR, KEY_TERNARY):
            for m in rx.finditer(line):
                a, b, c, d = (m.group(x) for x in "abcd")
                op1, op2 = m.group("op1"), m.group("op2")
                s, e = base + m.start(), base + m.end()
                if "key" in operators:
                    if rx is KEY_OR:
                        add("key", s, e, f"{c} {op2} {d} || ({c} == {d} && {a} {op1} {b})")
                    else:
                        add("key", s, e, f"{c} != {d} ? {c} {op2} {d} : {a} {op1} {b}")
                if "tie" in operators:
                    add("tie", base + m.start("c"), base + m.end("d"), f"{d} {op2} {c}")
        if "tie" in operators or "key" in operators:
            m = IF_RETURN.match(line)
            if m and n < len(lines):
                r = RETURN_CMP.match(lines[n])
                if r:
                    nb = line_starts[n]
                    if "tie" in operators:
                        add("tie", nb + r.start("c"), nb + r.end("d"),
                            f"{r.group('d')} {r.group('op')} {r.group('c')}")
                    if "key" in operators:
                        # compare by the second key first: swap the two lines' keys
                        a, b, opa = m.group("a"), m.group("b"), m.group(4)
                        c, d, opc = r.group("c"), r.group("d"), r.group("op")
                        indent = m.group(1)
                        add("key", base, nb + len(lines[n]),
                            f"{indent}if ({c} != {d}) return {c} {opc} {d};\n"
                            f"{indent}return {a} {opa} {b};")
        if "neg" in operators:
            for m in COND.finditer(line):
                open_at = m.end() - 1
                close = _matching_paren(line, open_at)
                if close < 0:
                    continue
                inner = text[base + open_at + 1:base + close]
                add("neg", base + open_at + 1, base + close, f"!({inner})")
        if "del" in operators and STATEMENT.match(stripped) and _balanced(stripped):
            first = base + len(line) - len(line.lstrip())
            last = base + len(line.rstrip())
            add("del", first, last, "{}")
    return out
