#!/usr/bin/env python3
"""Tests of the quality tools' helpers (tools/quality/): the mutant
operators make the faults they promise and nothing in comments or strings,
result-neutral.txt points at the code it names, a stale entry is refused,
every argued-equivalent mutant still exists,
and the chapter of a line follows the clauses the code cites.

  python3 tools/quality/test_quality.py [ROOT]
"""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mutants  # noqa: E402
import srcmap  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def afters(text, op):
    return sorted(m.after for m in mutants.mutants_of("x.cpp", text, [op]))


class Mutants(unittest.TestCase):
    def test_relational_operators_and_not_templates_or_shifts(self):
        text = "bool f(std::vector<int> v, int a, int b) { return a < b && (v.size() << 1) > 2; }\n"
        got = afters(text, "ror")
        self.assertIn("bool f(std::vector<int> v, int a, int b) { return a <= b && (v.size() << 1) > 2; }", got)
        self.assertIn("bool f(std::vector<int> v, int a, int b) { return a < b && (v.size() << 1) <= 2; }", got)
        # < twice (3 each) and > (3): the template brackets and << are left alone
        self.assertEqual(len(got), 6)

    def test_nothing_in_comments_or_strings(self):
        text = '// a < b\nthrow Error("x < y");  /* 1 + 2 */\n'
        for op in mutants.OPERATORS:
            self.assertEqual(afters(text, op), [], op)

    def test_off_by_one_literals(self):
        self.assertEqual(afters("x = y + 2u;\n", "obo"), ["x = y + 1u;", "x = y + 3u;"])
        self.assertEqual(afters("d = 1.5 + 0x1p-3;\n", "obo"), [])

    def test_sort_key_swap_and_tie_break(self):
        text = "return a.x < b.x || (a.x == b.x && a.y < b.y);\n"
        self.assertEqual(afters(text, "key"), ["return a.y < b.y || (a.y == b.y && a.x < b.x);"])
        self.assertEqual(afters(text, "tie"), ["return a.x < b.x || (a.x == b.x && b.y < a.y);"])
        text = "  if (a.u != b.u) return a.u < b.u;\n  return a.v < b.v;\n"
        self.assertEqual(afters(text, "key"), ["if (a.v != b.v) return a.v < b.v; return a.u < b.u;"])

    def test_dropped_statements_and_negated_conditions(self):
        text = "  x += 1;\n  int y = 2;\n  Check(x);\n  if (x > y) return 3;\n"
        self.assertEqual(afters(text, "del"), ["{}", "{}", "{}"])
        self.assertEqual(afters(text, "neg"), ["if (!(x > y)) return 3;"])

    def test_a_mutant_applies_to_its_own_text(self):
        text = "int f(int a) {\n  return a - 1;\n}\n"
        for m in mutants.mutants_of("x.cpp", text):
            self.assertNotEqual(m.apply(text), text)
            self.assertEqual(len(m.id), 12)


class Neutral(unittest.TestCase):
    def check_entries(self, name):
        n = srcmap.Neutral(ROOT, os.path.join(HERE, name))
        self.assertTrue(n.entries)
        clauses = srcmap.load_clauses(ROOT)
        for rel, first, last, clause, reason in n.entries:
            self.assertIn(clause, clauses, rel)
            self.assertTrue(reason)

    def test_the_repository_entries_hold(self):
        self.check_entries("result-neutral.txt")

    def test_the_unreachable_entries_hold(self):
        self.check_entries("unreachable.txt")

    def test_a_moved_range_is_refused(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write('src/onepath/core/errors.cpp 1-3 err.fields "no such text" why\n')
        try:
            with self.assertRaises(ValueError) as e:
                srcmap.Neutral(ROOT, f.name)
            self.assertIn("does not contain", str(e.exception))
        finally:
            os.unlink(f.name)


class Equivalents(unittest.TestCase):
    def test_every_entry_names_a_mutant_of_src_and_argues(self):
        eq = mutants.load_equivalents(os.path.join(HERE, "equivalent-mutants.txt"))
        every = []
        for rel in srcmap.source_files(ROOT, ["src/*"]):
            with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
                every.extend(mutants.mutants_of(rel, f.read()))
        self.assertEqual(mutants.stale_equivalents(eq, every), [],
                         "no such mutant of src/ (the code changed: argue again)")
        for key, why in eq.items():
            self.assertGreater(len(why), 20, key)

    def test_an_entry_without_argument_is_refused(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("# c\nsrc/x.cpp: del: `f();` -> `{}`\n  because.\nsrc/y.cpp: del: `g();` -> `{}`\n")
        try:
            with self.assertRaises(ValueError) as e:
                mutants.load_equivalents(f.name)
            self.assertIn("no argument for src/y.cpp", str(e.exception))
        finally:
            os.unlink(f.name)


class StoredResults(unittest.TestCase):
    """tools/mutation.py --bounds-checks: a kill stored without the checks
    stands (they only add aborts); any other result is run again."""

    def test_bounds_checks_reuse_kills_only(self):
        import importlib.util
        spec = importlib.util.spec_from_file_location(
            "mutation", os.path.join(HERE, "..", "mutation.py"))
        mutation = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mutation)
        rows = ['{"id": "a", "status": "killed"}',
                '{"id": "b", "status": "survived"}',
                '{"id": "c", "status": "survived", "bounds_checks": true}',
                '{"id": "d", "status": "killed"}',
                '{"id": "d", "status": "survived", "bounds_checks": true}',
                '{"id": "e", "status": "equivalent"}',
                '{"id": "f", "st']  # a line cut by an interrupt
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "results.jsonl")
            with open(path, "w") as f:
                f.write("\n".join(rows) + "\n")
            plain = mutation.load_results(path)
            checked = mutation.load_results(path, bounds_checks=True)
        self.assertEqual({k: r["status"] for k, r in plain.items()},
                         {"a": "killed", "b": "survived", "d": "killed", "e": "equivalent"})
        self.assertEqual({k: r["status"] for k, r in checked.items()},
                         {"a": "killed", "c": "survived", "d": "survived"})


class Chapters(unittest.TestCase):
    def test_nearest_clause_of_a_main_chapter(self):
        clauses = {"arr.merge": "arrangement", "arr.round": "arrangement", "num.ieee": "numerics",
                   "region.rings": "region"}
        lines = ["// arr.merge", "a", "// arr.round", "b", "// arr.merge", "// arr.round",
                 "// see num.ieee", "c", "// region.rings", "d", "// region.rings", "e"]
        fm = srcmap.FileMap("src/x.cpp", lines, clauses)
        self.assertEqual(fm.chapter[2], "arrangement")
        self.assertEqual(fm.clause[8], "num.ieee")
        # numerics: one citation of seven, not a main chapter of the file
        self.assertEqual(fm.chapter[8], "arrangement")
        # region: two of seven, a main one
        self.assertEqual(fm.chapter[10], "region")
        self.assertEqual(fm.clause[10], "region.rings")
        self.assertEqual(fm.default, "arrangement")


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        ROOT = os.path.abspath(sys.argv.pop(1))
    unittest.main()
