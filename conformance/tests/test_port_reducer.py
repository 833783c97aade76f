#!/usr/bin/env python3
"""The example port, the reducer and the metamorphic checks, end to end.

Runs `onepath conformance` and `onepath reduce` against the example port in
Python (conformance/adapters/python_port/adapter.py), with and without an
injected bug, and reads what they printed and wrote. Each test is one meson
test (tools/meson.build):

    ONEPATH=... ONEPATH_SOURCE_DIR=... \\
        python3 test_port_reducer.py PortReducer.test_example_port_passes_its_subset
"""
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from test_adapter_runner import (ONEPATH, PYTHON, SOURCE, Run,  # noqa: E402
                                 run_on_a_terminal, suite_vectors)

PORT = os.path.join(SOURCE, "conformance", "adapters", "python_port", "adapter.py")
PORT_OPERATIONS = {"Canonical.Encode", "Predicates.Orient2D", "Predicates.InCircle",
                   "Region.FromTileMap"}
# The predicates adapter with a porter's mistake on every input of a kind.
PREDICATE_BUG = os.path.join(SOURCE, "conformance", "tests", "adapters", "predicate_bug_adapter.py")
SVG = "{http://www.w3.org/2000/svg}"


def golden_vectors():
    """Every golden vector as a dict, with its family, in suite order."""
    by_id = {}
    for path in glob.glob(os.path.join(SOURCE, "golden", "**", "*.jsonl"), recursive=True):
        with open(path) as f:
            for v in (json.loads(line) for line in f if line.strip()):
                by_id[v["id"]] = v
    return [dict(by_id[i], family=family) for i, family, _ in suite_vectors()]


def tile_map_size(inp):
    """(cells, solid cells) of a Region.FromTileMap input."""
    cells = inp["cells"]
    solid = cells.count("1") if isinstance(cells, str) else sum(1 for c in cells if c)
    return inp["width"] * inp["height"], solid


class PortReducer(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="onepath-port-test-")

    def tearDown(self):
        self.tmp.cleanup()

    def port(self, bug=None):
        cmd = "%s %s" % (shlex.quote(PYTHON), shlex.quote(PORT))
        return cmd + (" --inject-bug " + bug if bug else "")

    def conformance(self, *args, impl=None, name="run"):
        report_dir = os.path.join(self.tmp.name, name)
        cmd = [ONEPATH, "conformance", "--source-dir", SOURCE, "--report-dir", report_dir]
        if impl:
            cmd += ["--impl", impl]
        p = subprocess.run(cmd + list(args), stdin=subprocess.DEVNULL, capture_output=True,
                           text=True)
        return Run(p.returncode, p.stdout, p.stderr, report_dir)

    def reduce(self, vector, impl, *args, name="reduced"):
        out = os.path.join(self.tmp.name, name)
        cmd = [ONEPATH, "reduce", "--source-dir", SOURCE, "--impl", impl, "--vector", vector,
               "--out", out] + list(args)
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        return p, out

    def supported_ids(self, family=None):
        return [v["id"] for v in golden_vectors()
                if v["op"] in PORT_OPERATIONS and family in (None, v["family"])]

    # --- the example port ------------------------------------------------------

    def test_example_port_passes_its_subset(self):
        run = self.conformance(impl=self.port())
        self.assertEqual(run.rc, 0, run.err[-3000:])
        vectors = golden_vectors()
        supported = self.supported_ids()
        self.assertGreater(len(supported), 5000)
        self.assertEqual(run.report["totals"]["failed"], 0)
        base = [i for i in run.ids() if "~" not in i]
        derived = [i for i in run.ids() if "~" in i]
        self.assertEqual(base, [v["id"] for v in vectors])  # every vector, in suite order
        passed = set(run.ids("passed"))
        self.assertEqual([i for i in base if i in passed], supported)
        self.assertEqual(len(run.ids("skipped")), len(vectors) - len(supported))
        # Derived checks ran for the port's operations, and passed.
        self.assertTrue(any(i.startswith("region_from_tilemap/") and i.endswith("~translate")
                            for i in derived))
        self.assertTrue(any(i.startswith("orient2d/") and i.endswith("~permute") for i in derived))
        self.assertEqual(set(derived) - passed, set())
        self.assertIn("onepath-python-port 0.1", run.report["implementation"])
        self.assertRegex(run.out, r"skipped \d+: operation Region.FromOutlines not supported")
        self.assertRegex(run.out, r"region.from-tilemap +[1-9]\d* +0 +0")

    def test_example_port_passes_each_family(self):
        for family in ("predicates", "region"):
            run = self.conformance("--family", family, "--no-metamorphic", impl=self.port(),
                                   name=family)
            self.assertEqual(run.rc, 0, run.err[-3000:])
            self.assertEqual(run.ids("passed"), self.supported_ids(family))
            self.assertEqual(run.report["totals"]["failed"], 0)
        run = self.conformance("--family", "arrangement", impl=self.port(), name="arrangement")
        self.assertEqual(run.rc, 4, run.err[-3000:])  # nothing ran: not green
        self.assertEqual(run.report["totals"]["passed"], 0)  # not supported: all skipped

    # --- an injected bug: caught, localized, reduced ---------------------------

    def test_injected_ring_start_bug_is_caught_and_named(self):
        run = self.conformance("--family", "region", impl=self.port("ring-start"))
        self.assertEqual(run.rc, 1)
        failures = run.failures()
        self.assertGreater(len(failures), 5)
        for vector_id, detail in failures.items():
            self.assertTrue(vector_id.startswith("region_from_tilemap/"), vector_id)
            self.assertIn("first divergence: stage ring start (region.ring-order): a ring starts "
                          "at another vertex", detail)
        # The element: the first ring starts at its lowest vertex (y first),
        # not at its smallest edge (x first).
        self.assertIn("first difference: ring 0, vertex 0: [-278528,442368], expected "
                      "[-278528,376832]", failures["region_from_tilemap/list_cells/08d00bf3925f"])
        # One FAIL line for them all: the divergence in words, a count, the first input.
        self.assertIn("FAIL %d × region.ring-order: a ring starts at another vertex — first: "
                      % len(failures), run.err)
        # The failing vectors' derived checks are not run: their expectation
        # comes from the vector's own correct output.
        skipped = {v["id"] for v in run.report["vectors"] if v["status"] == "skipped"}
        for vector_id in failures:
            self.assertIn(vector_id + "~translate", skipped)

    def test_injected_collinear_bug_is_named_at_the_simplify_stage(self):
        vector = "region_from_tilemap/collapsed/705082c99425"
        run = self.conformance("--vector", vector, impl=self.port("collinear"))
        self.assertEqual(run.rc, 1)
        self.assertIn("first divergence: stage simplify (region.simplify): a collinear vertex is "
                      "kept; first difference: ring 0, vertex 1: [8,10], expected [9,10]",
                      run.failures()[vector])

    def test_reducer_shrinks_the_injected_bug_to_a_handful_of_cells(self):
        vector = "region_from_tilemap/noisy/5671c76f4f13"
        original = next(v for v in golden_vectors() if v["id"] == vector)
        impl = self.port("ring-start")
        p, out = self.reduce(vector, impl)
        self.assertEqual(p.returncode, 0, p.stderr)
        files = os.listdir(os.path.join(out, "reduced"))
        self.assertEqual(len(files), 1, files)
        with open(os.path.join(out, "reduced", files[0])) as f:
            lines = [json.loads(line) for line in f if line.strip()]
        self.assertEqual(len(lines), 1)
        reduced = lines[0]
        cells_before, solid_before = tile_map_size(original["input"])
        cells_after, solid_after = tile_map_size(reduced["input"])
        print("reducer: %s: %d cells (%d solid) -> %d cells (%d solid)"
              % (vector, cells_before, solid_before, cells_after, solid_after))
        self.assertLess(solid_after, solid_before)
        self.assertLessEqual(solid_after, 4)
        self.assertLessEqual(cells_after, 9)
        self.assertRegex(reduced["id"], r"^region_from_tilemap/reduced/[0-9a-f]{12}$")
        self.assertEqual(reduced["op"], "Region.FromTileMap")
        self.assertEqual(reduced["flags"], ["reduced"])
        self.assertIn("from " + vector, reduced["provenance"])
        self.assertIn("stage ring start (region.ring-order)", p.stdout)
        self.assertIn("before: 24x16 map: 384 cells, 216 solid", p.stdout)
        # The reproducer is a suite of its own: the reference passes it, the
        # port with the bug fails it in the same way, without the bug passes.
        run = self.conformance("--golden-dir", out, "--no-metamorphic", name="replay-ref")
        self.assertEqual(run.rc, 0, run.err)
        self.assertEqual(run.ids("passed"), [reduced["id"]])
        run = self.conformance("--golden-dir", out, "--no-metamorphic", impl=impl,
                               name="replay-bug")
        self.assertEqual(run.rc, 1)
        self.assertIn("stage ring start (region.ring-order)", run.failures()[reduced["id"]])
        run = self.conformance("--golden-dir", out, impl=self.port(), name="replay-fixed")
        self.assertEqual(run.rc, 0, run.err)
        # The picture: well-formed SVG with the three panels and a legend.
        svgs = [f for f in os.listdir(out) if f.endswith(".svg")]
        self.assertEqual(len(svgs), 1, os.listdir(out))
        root = ET.parse(os.path.join(out, svgs[0])).getroot()
        self.assertEqual(root.tag, "{http://www.w3.org/2000/svg}svg")
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        for label in ("input", "reference (expected)", "port (got)", "first differing vertex"):
            self.assertIn(label, texts)
        paths = list(root.iter("{http://www.w3.org/2000/svg}path"))
        self.assertGreaterEqual(len([p for p in paths if p.get("class") == "cell-solid"]),
                                solid_after)
        self.assertEqual(len([p for p in paths if p.get("class") == "ring-port"]), 1)

    def reduced_vector(self, out):
        files = os.listdir(os.path.join(out, "reduced"))
        self.assertEqual(len(files), 1, files)
        with open(os.path.join(out, "reduced", files[0])) as f:
            return json.loads(f.readline())

    def predicate_bug(self, *mode):
        return " ".join(shlex.quote(a) for a in [PYTHON, PREDICATE_BUG] + list(mode))

    def test_reducer_keeps_a_predicate_integer_and_draws_its_line(self):
        vector = "orient2d/grid_large/681aa4eb5363"  # integers near 7e10 and 4e11, sign -1
        impl = self.predicate_bug("lose-sign", "-1")
        p, out = self.reduce(vector, impl)
        self.assertEqual(p.returncode, 0, p.stderr)
        reduced = self.reduced_vector(out)
        coordinates = [c for point in reduced["input"].values() for c in point]
        print("reducer: %s -> %s" % (vector, reduced["input"]))
        for c in coordinates:
            self.assertEqual(c, int(c), reduced["input"])
            self.assertLessEqual(abs(c), 2, reduced["input"])
        self.assertIn("first divergence: stage sign (pred.orient2d): sign 0 instead of -1",
                      p.stdout)
        # Replayed: the reference passes it, the port fails it the same way.
        run = self.conformance("--golden-dir", out, "--no-metamorphic", name="replay-ref")
        self.assertEqual(run.rc, 0, run.err)
        run = self.conformance("--golden-dir", out, "--no-metamorphic", impl=impl,
                               name="replay-bug")
        self.assertEqual(run.rc, 1)
        self.assertEqual(run.report["failures"][0]["kind"], "sign 0 instead of -1")
        # The picture: the points and the line through a and b, both answers
        # in words; nothing of a tile map's legend.
        svgs = [f for f in os.listdir(out) if f.endswith(".svg")]
        root = ET.parse(os.path.join(out, svgs[0])).getroot()
        classes = {e.get("class") for e in root.iter()}
        self.assertTrue({"line-ab", "segment-ab", "query", "point"} <= classes, classes)
        self.assertFalse({"cell-solid", "ring", "ring-port", "circle-abc"} & classes, classes)
        texts = [t.text for t in root.iter(SVG + "text")]
        self.assertIn("reference: sign -1: c right of a→b (clockwise)", texts)
        self.assertIn("python-predicates-example 1.0: sign 0: a, b, c collinear", texts)
        self.assertNotIn("solid cell / input", texts)
        self.assertNotIn("", texts)
        self.assertNotIn(None, texts)

    def test_reducer_names_no_empty_first_difference(self):
        # A port that lets NaN through answers an output where the spec
        # throws: the divergence has no element to name.
        vector = "orient2d/out_of_domain/4c6f67bd0aba"  # a.x is NaN
        p, out = self.reduce(vector, self.predicate_bug("nan-passes"))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("first divergence: stage error (err.types): an output instead of "
                      "ArgumentOutOfRangeException", p.stdout)
        for line in p.stdout.splitlines():
            self.assertNotRegex(line, r":\s*$", p.stdout)
        self.assertNotIn("first difference", p.stdout)
        reduced = self.reduced_vector(out)
        self.assertNotIn("; ;", reduced["provenance"])
        self.assertEqual(reduced["input"]["a"][0], "NaN")
        for c in reduced["input"]["b"] + reduced["input"]["c"]:
            self.assertEqual(c, 0, reduced["input"])  # nothing else matters

    def test_fail_lines_are_grouped_and_say_how_many_were_not_printed(self):
        impl = self.port("ring-start,snap-away")
        run = self.conformance("--family", "region", "--no-metamorphic", impl=impl)
        self.assertEqual(run.rc, 1)
        groups = run.report["failure_groups"]
        labels = [g["label"] for g in groups]
        self.assertIn("region.ring-order: a ring starts at another vertex", labels)
        self.assertIn("region.from-tilemap: another boundary", labels)
        self.assertEqual(sum(g["count"] for g in groups), len(run.report["failures"]))
        lines = [line for line in run.err.splitlines() if line.startswith("FAIL ")]
        self.assertEqual(len(lines), len(groups))
        for line, group in zip(lines, groups):
            first = next(f for f in run.report["failures"] if f["id"] == group["ids"][0])
            head = "FAIL %d × %s — first: " % (group["count"], group["label"]) \
                if group["count"] > 1 else "FAIL %s — " % group["label"]
            self.assertTrue(line.startswith(head), line)
            # The input before the vector, the hashes last.
            self.assertIn("input " + first["input"] + " — " + first["id"] + " (", line)
            self.assertTrue(line.endswith(", expected %s…" % first["expected"]["sha256"][:12]),
                            line)
            self.assertIn("; sha256 %s…" % first["got"]["sha256"][:12], line)
        self.assertNotIn("more FAIL line", run.err)
        # At most one line: the rest counted, and where they are.
        run = self.conformance("--family", "region", "--no-metamorphic", "--max-failures", "1",
                               impl=impl, name="one")
        self.assertEqual(run.rc, 1)
        lines = [line for line in run.err.splitlines() if line.startswith("FAIL ")]
        self.assertEqual(len(lines), 1)
        rest = sum(g["count"] for g in groups[1:])
        self.assertIn("… and %d more FAIL line%s (%d vectors), see %s (--max-failures N prints"
                      % (len(groups) - 1, "s" if len(groups) > 2 else "", rest,
                         os.path.join(run.dir, "report.md")), run.err)

    def test_reducer_refuses_a_vector_that_passes(self):
        p, _ = self.reduce("region_from_tilemap/noisy/5671c76f4f13", self.port())
        self.assertEqual(p.returncode, 1)
        self.assertIn("nothing to reduce", p.stderr)
        p, _ = self.reduce("no/such/vector", self.port(), name="unknown")
        self.assertEqual(p.returncode, 2)

    def test_reducer_shows_progress_on_a_terminal(self):
        out = os.path.join(self.tmp.name, "tty")
        cmd = [ONEPATH, "reduce", "--source-dir", SOURCE, "--impl", self.port("collinear"),
               "--vector", "region_from_tilemap/collapsed/705082c99425", "--out", out]
        rc, _, err = run_on_a_terminal(cmd)
        self.assertEqual(rc, 0, err)
        self.assertRegex(err, r"\r  reduce: \d+ attempts, \d+ accepted, now ")

    # --- metamorphic checks ----------------------------------------------------

    def test_metamorphic_checks_pass_for_the_reference(self):
        run = self.conformance()
        self.assertEqual(run.rc, 0, run.err[-3000:])
        total = len(golden_vectors())
        derived = [i for i in run.ids() if "~" in i]
        self.assertGreater(len(derived), total)  # about two per positive vector
        self.assertEqual(run.report["totals"], {"passed": total + len(derived), "failed": 0,
                                                "skipped": 0})
        self.assertEqual({i.rsplit("~", 1)[1] for i in derived}, {"translate", "permute"})
        rows = {row["id"]: row for row in run.report["clauses"]}
        self.assertGreater(rows["region.promise"]["passed"], 100)
        self.assertGreater(rows["arr.promise"]["passed"], 100)
        # In the JUnit XML the derived checks are a test suite of their own.
        junit = ET.parse(os.path.join(run.dir, "report.junit.xml")).getroot()
        suites = {s.get("name"): s for s in junit.findall("testsuite")}
        self.assertEqual(suites["metamorphic"].get("tests"), str(len(derived)))
        self.assertEqual(suites["metamorphic"].get("failures"), "0")
        off = self.conformance("--no-metamorphic", name="off")
        self.assertEqual(off.ids(), [v["id"] for v in golden_vectors()])

    def test_metamorphic_checks_catch_a_translation_bug(self):
        # Grid coordinates kept in 32-bit integers: right near the origin,
        # wrong beyond 2^31 grid units, where the translation takes the map.
        vector = "region_from_tilemap/unit_cell/a6c86425f6c7"
        impl = self.port("int32")
        off = self.conformance("--vector", vector, "--no-metamorphic", impl=impl, name="off")
        self.assertEqual(off.rc, 0, off.err)  # the golden vector alone does not see it
        run = self.conformance("--vector", vector, impl=impl)
        self.assertEqual(run.rc, 1)
        self.assertEqual(run.ids("passed"), [vector])
        detail = run.failures()[vector + "~translate"]
        self.assertIn("derived from %s: translated by (1048576.0, 1048576.0)" % vector, detail)
        self.assertIn("first divergence: stage boundary (region.from-tilemap)", detail)
        self.assertIn("expected [68719476733,68719476726]", detail)
        # Over the whole region family, only derived checks and the one
        # hand-made map beyond 2^31 units fail.
        run = self.conformance("--family", "region", impl=impl, name="family")
        base = [i for i in run.failures() if "~" not in i]
        self.assertEqual(base, ["region_from_tilemap/hand_made/dc9cfa8faa84"])
        self.assertGreater(len(run.failures()), 10)


if __name__ == "__main__":
    unittest.main()
