#!/usr/bin/env python3
"""The runner driving external implementations (docs/adapter-protocol.md).

Runs `onepath conformance --impl ...` against the reference adapter
(onepath-adapter), the Python example adapter and deliberately broken
adapters, and reads what the runner printed and wrote. Each test is one
meson test (tools/meson.build):

    ONEPATH=... ONEPATH_ADAPTER=... ONEPATH_SOURCE_DIR=... \\
        python3 test_adapter_runner.py AdapterRunner.test_crash_is_reported_and_the_run_goes_on
"""
import json
import os
import pty
import re
import shlex
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ONEPATH = os.environ.get("ONEPATH", "onepath")
ONEPATH_ADAPTER = os.environ.get("ONEPATH_ADAPTER", "onepath-adapter")
SOURCE = os.environ.get("ONEPATH_SOURCE_DIR",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
EXAMPLE = os.path.join(SOURCE, "conformance", "adapters", "python_predicates_adapter.py")
MISBEHAVING = os.path.join(SOURCE, "conformance", "tests", "adapters", "misbehaving_adapter.py")
STAGE_BREAKING = os.path.join(SOURCE, "conformance", "tests", "adapters",
                              "stage_breaking_adapter.py")
PORT = os.path.join(SOURCE, "conformance", "adapters", "python_port", "adapter.py")
SCRIPT = os.path.join(SOURCE, "tools", "conformance.sh")
DOC = os.path.join(SOURCE, "docs", "adapter-protocol.md")
PYTHON = sys.executable or "python3"

# A vector of the predicates family: orient2d of (1,2), (0,4), (3,4) is -1.
TARGET = "orient2d/grid_small/38266221923c"
# A vector of the build2d family, with expect.stages: the L of
# tools/golden/gen_triangulate.cpp at AgentRadius 0, SnapBits 16.
BUILD_TARGET = "mesh2d_build_from_outlines/rooms/fd35c335d4ae"


def suite_vectors():
    """(id, family, clauses) of every golden vector, in suite order (docs/golden-format.md)."""
    golden = os.path.join(SOURCE, "golden")
    with open(os.path.join(golden, "suite.json")) as f:
        families = json.load(f)["families"]
    out = []
    for family in families:
        for name in sorted(os.listdir(os.path.join(golden, family))):
            if name.endswith(".jsonl"):
                with open(os.path.join(golden, family, name)) as f:
                    for line in f:
                        if line.strip():
                            v = json.loads(line)
                            out.append((v["id"], family, v["clauses"]))
    return out


def golden_lines(family):
    """Every vector of one family, in file order."""
    folder = os.path.join(SOURCE, "golden", family)
    out = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".jsonl"):
            with open(os.path.join(folder, name)) as f:
                out += [json.loads(line) for line in f if line.strip()]
    return out


def run_on_a_terminal(cmd):
    """Runs cmd with standard error on a pseudo-terminal, what a person at a
    terminal sees; returns (exit status, stdout, stderr)."""
    master, slave = pty.openpty()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the other side is closed
            break
        if not chunk:
            break
        err += chunk
    out = p.stdout.read()
    p.wait(timeout=300)
    os.close(master)
    return p.returncode, out.decode(), err.decode(errors="replace")


class Run:
    def __init__(self, rc, out, err, report_dir):
        self.rc, self.out, self.err, self.dir = rc, out, err, report_dir
        path = os.path.join(report_dir, "report.json")
        self.report = json.load(open(path)) if os.path.exists(path) else None

    @property
    def totals(self):
        return self.report["totals"]

    def ids(self, status=None):
        return [v["id"] for v in self.report["vectors"] if status in (None, v["status"])]

    def failures(self):
        return {f["id"]: f["detail"] for f in self.report["failures"]}


class AdapterRunner(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="onepath-adapter-test-")

    def tearDown(self):
        self.tmp.cleanup()

    def conformance(self, *args, impl=None, tty=False, name="run", metamorphic=False):
        """Runs the suite; without `metamorphic`, the golden vectors alone
        (--no-metamorphic), so that counts and ids are the suite's."""
        report_dir = os.path.join(self.tmp.name, name)
        cmd = [ONEPATH, "conformance", "--source-dir", SOURCE, "--report-dir", report_dir]
        if impl:
            cmd += ["--impl", impl]
        if not metamorphic:
            cmd.append("--no-metamorphic")
        cmd += list(args)
        if not tty:
            p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                               timeout=300)
            return Run(p.returncode, p.stdout, p.stderr, report_dir)
        rc, out, err = run_on_a_terminal(cmd)
        return Run(rc, out, err, report_dir)

    def reduce(self, vector, impl, *args, name="reduced"):
        out = os.path.join(self.tmp.name, name)
        cmd = [ONEPATH, "reduce", "--source-dir", SOURCE, "--impl", impl, "--vector", vector,
               "--out", out, "--quiet"] + list(args)
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=300)
        return p, out

    def misbehaving(self, mode, target=TARGET):
        return "%s %s %s %s" % (shlex.quote(PYTHON), shlex.quote(MISBEHAVING), mode,
                                shlex.quote(target))

    def stage_breaking(self, mode, target=BUILD_TARGET):
        return "%s %s %s %s %s" % (shlex.quote(PYTHON), shlex.quote(STAGE_BREAKING),
                                   shlex.quote(ONEPATH_ADAPTER), mode, shlex.quote(target))

    def example(self):
        return "%s %s" % (shlex.quote(PYTHON), shlex.quote(EXAMPLE))

    def predicate_ids(self):
        return [i for i, family, _ in suite_vectors() if family == "predicates"]

    def family_shard(self, family, n):
        """The family's vectors in --shard 1/n (every n-th vector of the whole suite)."""
        return [i for k, (i, f, _) in enumerate(suite_vectors()) if f == family and k % n == 0]

    def shard_holding(self, vector_id, n):
        """--shard k/n whose vectors include vector_id."""
        index = [i for i, _, _ in suite_vectors()].index(vector_id)
        return "%d/%d" % (index % n + 1, n)

    # --- the reference behind the protocol --------------------------------

    def test_reference_adapter_passes_everything_like_the_built_in(self):
        builtin = self.conformance("--quiet", name="builtin")
        adapter = self.conformance("--quiet", impl=shlex.quote(ONEPATH_ADAPTER), name="adapter")
        self.assertEqual(builtin.rc, 0, builtin.err)
        self.assertEqual(adapter.rc, 0, adapter.err)
        total = len(suite_vectors())
        self.assertEqual(adapter.totals, {"passed": total, "failed": 0, "skipped": 0})
        self.assertEqual(adapter.totals, builtin.totals)
        self.assertEqual(adapter.report["clauses"], builtin.report["clauses"])
        self.assertEqual(adapter.ids(), builtin.ids())
        self.assertIn("onepath-adapter", adapter.report["implementation"])
        self.assertIn("%d passed, 0 failed" % total, adapter.out)

    # --- the worked example -------------------------------------------------

    def test_python_example_passes_the_predicates_and_skips_the_rest(self):
        run = self.conformance(impl=self.example())
        self.assertEqual(run.rc, 0, run.err)
        predicates = self.predicate_ids()
        self.assertEqual(run.totals, {"passed": len(predicates), "failed": 0,
                                      "skipped": len(suite_vectors()) - len(predicates)})
        self.assertEqual(run.ids("passed"), predicates)
        self.assertIn("python-predicates-example 1.0", run.report["implementation"])
        self.assertRegex(run.out, r"skipped \d+: operation Region.FromOutlines not supported")
        self.assertNotIn("\r", run.err)  # no progress line when not on a terminal

    def test_doc_example_is_the_runnable_file(self):
        doc = open(DOC).read()
        m = re.search(r"<!-- example: conformance/adapters/python_predicates_adapter.py -->\n"
                      r"```python\n(.*?)```\n", doc, re.S)
        self.assertIsNotNone(m, "the example block is marked in " + DOC)
        self.assertEqual(m.group(1), open(EXAMPLE).read())

    def test_doc_transcript_is_what_the_runner_and_example_say(self):
        doc = open(DOC).read()
        m = re.search(r"<!-- transcript -->\n```sh\n(.*?)\n```\n+```text\n(.*?)```\n", doc, re.S)
        self.assertIsNotNone(m, "the transcript block is marked in " + DOC)
        command, transcript = m.group(1), m.group(2)
        args = shlex.split(command.replace("\\\n", " "))
        self.assertEqual(args[:4], ["onepath", "conformance", "--impl",
                                    "python3 conformance/adapters/python_predicates_adapter.py"])
        trace = os.path.join(self.tmp.name, "session.txt")
        args = [a if a != "session.txt" else trace for a in args[4:]]
        run = self.conformance(*args, impl=self.example(), metamorphic=True)
        self.assertEqual(run.rc, 0, run.err)
        got = open(trace).read()
        self.assertEqual(got, transcript)
        # The suite version the page names is the suite's (the hello above,
        # the quick reference, the example's output); the example's header
        # lines are what the runner prints.
        with open(os.path.join(SOURCE, "golden", "suite.json")) as f:
            version = json.load(f)["version"]
        named = re.findall(r'"suite":"([^"]*)"|suite (\d+\.\d+\.\d+),|e\.g\. `"(\d+\.\d+\.\d+)"`',
                           doc)
        self.assertGreaterEqual(len(named), 4)
        for groups in named:
            self.assertEqual([v for v in groups if v], [version])
        for line in run.out.splitlines()[1:3]:
            self.assertIn("\n    " + line + "\n", doc)

    # --- a port that is wrong, crashes, hangs or talks nonsense ------------

    def test_a_flipped_sign_fails_and_is_named(self):
        run = self.conformance("--family", "predicates", impl=self.misbehaving("flip"))
        self.assertEqual(run.rc, 1)
        self.assertEqual(list(run.failures()), [TARGET])
        self.assertIn("first difference: /sign: 1, expected -1", run.failures()[TARGET])
        self.assertIn("FAIL pred.orient2d: sign 1 instead of -1 — input ", run.err)
        self.assertIn(" — %s (predicates/orient2d.jsonl:" % TARGET, run.err)
        self.assertIn("1 of %d vectors failed" % len(self.predicate_ids()), run.err)

    def test_a_wrong_stage_is_named_from_the_vectors_stage_hashes(self):
        # The vector's expect.stages hold the SHA-256 of every pipeline
        # stage; the port's `stages` answer is judged against them.
        vector = [v for v in golden_lines("build2d") if v["id"] == BUILD_TARGET][0]
        self.assertEqual(list(vector["expect"]["stages"]),
                         ["polygons", "region", "shrunk", "triangles"])
        named = "first divergence: stage shrunk (shrink.edges): the shrunk stage differs"
        # The output is right and only the reported shrunk stage is wrong:
        # without expect.stages the vector would pass.
        run = self.conformance("--family", "build2d", impl=self.stage_breaking("shrunk"))
        self.assertEqual(run.rc, 1, run.err)
        self.assertEqual(list(run.failures()), [BUILD_TARGET])
        detail = run.failures()[BUILD_TARGET]
        self.assertIn("the output is right but stage shrunk is not", detail)
        self.assertIn(named, detail)
        self.assertIn("expected %s (expect.stages)" % vector["expect"]["stages"]["shrunk"], detail)
        # A wrong output and a wrong shrunk stage: the stage is named from
        # the vector's hashes, not from the reference's bytes.
        run = self.conformance("--family", "build2d", name="output",
                               impl=self.stage_breaking("output-and-shrunk"))
        self.assertEqual(run.rc, 1, run.err)
        self.assertEqual(list(run.failures()), [BUILD_TARGET])
        detail = run.failures()[BUILD_TARGET]
        self.assertIn("!= expected " + vector["expect"]["sha256"], detail)
        self.assertIn(named, detail)
        self.assertIn("(expect.stages)", detail)
        self.assertEqual(run.totals["passed"], len(golden_lines("build2d")) - 1)

    def test_crash_is_reported_and_the_run_goes_on(self):
        run = self.conformance("--family", "predicates", impl=self.misbehaving("crash"))
        self.assertEqual(run.rc, 1)
        self.assertEqual(list(run.failures()), [TARGET])
        detail = run.failures()[TARGET]
        self.assertIn("exit status 3", detail)
        self.assertIn("restarted", detail)
        self.assertIn("crashing on purpose at " + TARGET, detail)  # its stderr's tail
        self.assertEqual(run.totals["passed"], len(self.predicate_ids()) - 1)
        self.assertIn("1 restarts", run.out)
        log = open(os.path.join(run.dir, "adapter-stderr.log")).read()
        self.assertEqual(log.count("misbehaving adapter: mode crash"), 2)  # started twice

        # An adapter that cannot be restarted: the run stops (exit status 5),
        # every later vector is skipped without a request, none hangs.
        flag = shlex.quote(os.path.join(self.tmp.name, "started-once"))
        once = "if [ -e %s ]; then exit 5; fi; touch %s; exec %s" % (flag, flag,
                                                                      self.misbehaving("crash"))
        shard = self.shard_holding(TARGET, 8)
        run = self.conformance("--family", "predicates", "--shard", shard, impl=once, name="once")
        self.assertEqual(run.rc, 5, run.out + run.err)
        ids = run.ids()
        after = ids[ids.index(TARGET) + 1:]
        self.assertTrue(after)
        self.assertEqual(run.ids("failed"), [TARGET])
        self.assertEqual(run.ids("skipped"), after)
        self.assertIn("the adapter could not be restarted: it ended before the handshake "
                      "(exit status 5)", run.failures()[TARGET])
        self.assertIn("verdict: STOPPED", run.out)
        reasons = {v["id"]: v for v in run.report["vectors"]}
        self.assertEqual(reasons[after[0]]["status"], "skipped")

    def test_a_hanging_adapter_times_out_and_the_run_goes_on(self):
        shard = self.shard_holding(TARGET, 8)
        run = self.conformance("--family", "predicates", "--shard", shard, "--timeout", "1",
                               impl=self.misbehaving("hang"))
        self.assertEqual(run.rc, 1)
        self.assertEqual(list(run.failures()), [TARGET])
        self.assertIn("no answer within 1 s (--timeout)", run.failures()[TARGET])
        self.assertGreater(run.totals["passed"], 500)

    def test_a_malformed_line_fails_the_vector_and_restarts(self):
        shard = self.shard_holding(TARGET, 8)
        run = self.conformance("--family", "predicates", "--shard", shard,
                               impl=self.misbehaving("garbage"))
        self.assertEqual(run.rc, 1)
        self.assertEqual(list(run.failures()), [TARGET])
        self.assertIn("malformed answer (not a JSON document): 'this line is not JSON'",
                      run.failures()[TARGET])
        self.assertEqual(run.totals["failed"], 1)
        # Blank lines are not messages: skipped, not malformed.
        run = self.conformance("--family", "predicates", "--shard", shard,
                               impl=self.misbehaving("blank"), name="blank")
        self.assertEqual(run.rc, 0, run.err)
        self.assertIn(TARGET, run.ids("passed"))

    def test_an_adapter_that_cannot_start_is_a_usage_error(self):
        run = self.conformance(impl="exit 4")
        self.assertEqual(run.rc, 2)
        self.assertIn("ended before the handshake (exit status 4)", run.err)
        run = self.conformance(impl="echo '{\"protocol\":2}'")
        self.assertEqual(run.rc, 2)
        self.assertIn("malformed handshake", run.err)

    # --- porter mistakes that must not end in a green run -------------------

    def test_an_unknown_operation_in_the_handshake_is_a_usage_error(self):
        # A typo in the handshake used to skip all 2,763 Orient2D vectors
        # and exit 0 ("2 operations supported").
        run = self.conformance(impl=self.misbehaving("typo"))
        self.assertEqual(run.rc, 2, run.out + run.err)
        self.assertIn("announces an operation this suite does not know: 'Predicates.orient2d' "
                      "(did you mean 'Predicates.Orient2D'?)", run.err)
        self.assertIsNone(run.report)
        p, _ = self.reduce(TARGET, self.misbehaving("typo"))
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("did you mean 'Predicates.Orient2D'?", p.stderr)

    def test_the_announced_operations_are_in_the_header_and_every_report(self):
        run = self.conformance("--family", "predicates", "--shard", "1/50", impl=self.example())
        self.assertEqual(run.rc, 0, run.out + run.err)
        ops = ["Predicates.InCircle", "Predicates.Orient2D"]
        # The console's header, before the run's summary.
        header = "  announces 2 operations: Predicates.InCircle, Predicates.Orient2D\n"
        self.assertIn(header, run.out)
        self.assertLess(run.out.index(header), run.out.index("clause "))
        self.assertIn("python-predicates-example 1.0", run.out.splitlines()[0])
        self.assertEqual(run.report["operations"], ops)
        md = open(os.path.join(run.dir, "report.md")).read()
        self.assertIn("- Operations announced: Predicates.InCircle, Predicates.Orient2D\n", md)
        html = open(os.path.join(run.dir, "report.html")).read()
        self.assertIn('<dd id="operations">Predicates.InCircle, Predicates.Orient2D</dd>', html)
        self.assertIn('<dd id="run-verdict">PASSED: ran ', html)
        self.assertEqual(len(re.findall(r'\bid="([^"]*)"', html)),
                         len(set(re.findall(r'\bid="([^"]*)"', html))))  # ids are unique
        junit = ET.parse(os.path.join(run.dir, "report.junit.xml"))
        values = {p.get("value") for p in junit.iter("property") if p.get("name") == "operations"}
        self.assertEqual(values, {"Predicates.InCircle,Predicates.Orient2D"})
        # The preflight is named as the runner's own, not the port's.
        self.assertIn("runner's FP-environment preflight passed (this onepath binary", run.out)
        self.assertIn("the runner's own", md)
        self.assertIn("Runner's FP-environment preflight", html)

    def test_an_empty_impl_is_a_usage_error(self):
        # An unset CI variable (--impl "$PORT") must not test the reference.
        for value in ("", " "):
            run = self.conformance("--impl", value, name="empty%d" % len(value))
            self.assertEqual(run.rc, 2, run.out + run.err)
            self.assertIn("--impl is empty", run.err)
            self.assertIsNone(run.report)

    def test_every_filter_that_matches_nothing_is_a_usage_error(self):
        adapter = shlex.quote(ONEPATH_ADAPTER)
        families = json.load(open(os.path.join(SOURCE, "golden", "suite.json")))["families"]
        cases = [
            (["--clause", "pred.orient2"], "unknown clause id 'pred.orient2' (--clause); did you "
                                           "mean 'pred.orient2d'"),
            (["--clause", "pred.incirle"], "did you mean 'pred.incircle'"),
            (["--family", "predicate"], "unknown family 'predicate' (--family); the families are "
                                        + ", ".join("'%s'" % f for f in families[:-1])
                                        + " and '%s'" % families[-1]),
            (["--vector", TARGET[:-1]], "did you mean '%s'" % TARGET),
            (["--family", "region", "--clause", "pred.domain"],
             "the filters together select no vector"),
        ]
        for i, (args, message) in enumerate(cases):
            run = self.conformance(*args, impl=adapter, name="case%d" % i)
            self.assertEqual(run.rc, 2, (args, run.out, run.err))
            self.assertIn(message, run.err, args)
            self.assertIsNone(run.report, args)
        # A clause of the spec that no vector names is still a filter that
        # matches nothing, said as such.
        named = {c for _, _, clauses in suite_vectors() for c in clauses}
        spec = open(os.path.join(SOURCE, "docs", "spec", "predicates.md")).read()
        unnamed = [c for c in re.findall(r"^#+ `([a-z0-9.-]+)`", spec, re.M) if c not in named]
        if unnamed:
            run = self.conformance("--clause", unnamed[0], impl=adapter, name="unnamed")
            self.assertEqual(run.rc, 2)
            self.assertIn("no golden vector names clause '%s'" % unnamed[0], run.err)

    def test_derived_check_ids_of_fail_lines_are_accepted(self):
        adapter = shlex.quote(ONEPATH_ADAPTER)
        run = self.conformance("--quiet", "--vector", TARGET + "~translate", impl=adapter,
                               metamorphic=True)
        self.assertEqual(run.rc, 0, run.out + run.err)
        self.assertEqual(run.ids(), [TARGET, TARGET + "~translate"])  # the check needs its vector
        run = self.conformance("--vector", TARGET + "~rotate", impl=adapter, metamorphic=True,
                               name="rotate")
        self.assertEqual(run.rc, 2)
        self.assertIn("has no derived check '~rotate' (--vector); it has '~translate' and "
                      "'~permute'", run.err)
        run = self.conformance("--vector", TARGET + "~translate", impl=adapter, name="off")
        self.assertEqual(run.rc, 2)
        self.assertIn("--no-metamorphic leaves those out", run.err)
        # A port whose only fault is seen by a derived check: the id its FAIL
        # line names reduces (python_port --inject-bug int32: 32-bit grid
        # coordinates, wrong beyond 2^31 units, where the translation goes).
        vector = "region_from_tilemap/unit_cell/a6c86425f6c7"
        port = "%s %s --inject-bug int32" % (shlex.quote(PYTHON), shlex.quote(PORT))
        run = self.conformance("--vector", vector, impl=port, metamorphic=True, name="port")
        self.assertEqual(run.rc, 1, run.out + run.err)
        self.assertIn(" — %s~translate (" % vector, run.err)  # FAIL lines end with the id
        p, out = self.reduce(vector + "~translate", port)
        self.assertEqual(p.returncode, 0, p.stderr)
        reduced = [f for f in os.listdir(os.path.join(out, "reduced")) if f.endswith(".jsonl")]
        self.assertEqual(len(reduced), 1)
        line = json.loads(open(os.path.join(out, "reduced", reduced[0])).readline())
        self.assertIn(vector + "~translate", line["provenance"])
        # The replay line names the binary that ran (onepath is rarely on
        # PATH) and works as printed: the reproducer fails with the port.
        replay = [l.strip() for l in p.stdout.splitlines() if l.strip().startswith("replay: ")]
        self.assertEqual(len(replay), 1, p.stdout)
        command = replay[0][len("replay: "):]
        self.assertTrue(command.startswith(shlex.quote(os.path.realpath(ONEPATH)) +
                                           " conformance --golden-dir "), command)
        q = subprocess.run(["/bin/sh", "-c", command + " --quiet --report-dir " +
                            shlex.quote(os.path.join(self.tmp.name, "replay"))],
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
        self.assertEqual(q.returncode, 1, q.stdout + q.stderr)

    def test_every_usage_error_exits_2_with_readable_bounds(self):
        # CLI11's own codes (105 validation, 106 required, 109 extras, 114
        # argument count) and its ranges of a double (309 digits) are not
        # what --help and the docs promise.
        cases = [
            (["conformance", "--timeout", "0"], "positive number of seconds"),
            (["conformance", "--timeout", "1e999"], "positive number of seconds"),
            (["conformance", "--max-adapter-failures", "-1"], "whole number from 0 to"),
            (["conformance", "--shard", "1/2", "--shard", "2/2"], "--shard"),
            (["conformance", "stray"], "stray"),
            (["reduce", "--impl", "true"], "--vector"),
            (["reduce", "--impl", "true", "--vector", TARGET, "--max-attempts", "0"],
             "whole number from 1 to 2147483647"),
            (["generate", "noisy-tilemap", "--cell-size", "0"], "positive number of units"),
            (["conformanse"], "'conformanse' is not a subcommand of onepath; did you mean "
                              "'conformance'?"),
            (["reduse", "--vector", TARGET], "did you mean 'reduce'?"),
            (["generate", "noisy-tilemapp"], "'noisy-tilemapp' is not a subcommand of onepath "
                                             "generate; did you mean 'noisy-tilemap'?"),
        ]
        for args, message in cases:
            p = subprocess.run([ONEPATH] + args, stdin=subprocess.DEVNULL, capture_output=True,
                               text=True, timeout=60)
            self.assertEqual(p.returncode, 2, (args, p.stdout, p.stderr))
            self.assertIn(message, p.stderr, args)
            self.assertIsNone(re.search(r"\d{20}", p.stderr), (args, p.stderr))

    # --- the verdict --------------------------------------------------------

    def test_the_verdict_says_what_share_of_the_suite_ran(self):
        run = self.conformance(impl=self.example())
        self.assertEqual(run.rc, 0, run.err)
        total, ran = len(suite_vectors()), len(self.predicate_ids())
        line = "verdict: PASSED: ran %d of %d golden vectors (%.1f %% of the suite), skipped %d" % (
            ran, total, 100.0 * ran / total, total - ran)
        self.assertIn(line + "\n", run.out)
        self.assertEqual(run.report["verdict"], line[len("verdict: "):])
        # Filtered: the share of what was selected, and of the suite.
        run = self.conformance("--family", "predicates", impl=self.example(), name="family")
        self.assertIn("verdict: PASSED: ran %d of %d selected golden vectors (%.1f %% of the "
                      "suite's %d)" % (ran, ran, 100.0 * ran / total, total), run.out)

    def test_a_run_where_nothing_ran_is_not_green(self):
        # The predicates example asked for the region family: every vector
        # skipped. It used to exit 0 with a warning.
        run = self.conformance("--family", "region", impl=self.example())
        self.assertEqual(run.rc, 4, run.out + run.err)
        self.assertIn("verdict: INCOMPLETE: ran 0 of", run.out)
        self.assertIn("not green: nothing ran: all", run.out)
        self.assertIn("not supported by the implementation", run.out)
        self.assertTrue(run.report["verdict"].startswith("INCOMPLETE"))

    def test_require_family_demands_every_vector_of_the_family(self):
        # The port's CI says it implements predicates and region; the
        # adapter forgot to announce the region operations.
        shard = "1/20"
        run = self.conformance("--shard", shard, "--require-family", "predicates",
                               "--require-family", "region", impl=self.example())
        self.assertEqual(run.rc, 4, run.out + run.err)
        region = self.family_shard("region", 20)
        # The operations of the selected region vectors, sorted (which ones
        # the shard holds depends on the suite's order, so they are read).
        line = [l for l in run.out.splitlines()
                if l.startswith("  not green: family region is required")]
        self.assertEqual(len(line), 1, run.out)
        head = ("  not green: family region is required (--require-family) but ran 0 of %d "
                "selected vectors: the adapter does not announce " % len(region))
        self.assertTrue(line[0].startswith(head), line[0])
        named = line[0][len(head):].split(", ")
        self.assertEqual(named, sorted(named))
        self.assertTrue({"Region.Difference", "Region.FromOutlines", "Region.FromTileMap",
                         "Region.Intersection", "Region.SymmetricDifference",
                         "Region.Union"} <= set(named), named)
        self.assertTrue(all(op.startswith("Region.") for op in named), named)
        self.assertNotIn("family predicates is required", run.out)
        run = self.conformance("--shard", shard, "--require-family", "predicates",
                               impl=self.example(), name="met")
        self.assertEqual(run.rc, 0, run.out + run.err)
        # A required family must be one, and not filtered away.
        run = self.conformance("--require-family", "regions", impl=self.example(), name="typo")
        self.assertEqual(run.rc, 2)
        self.assertIn("unknown family 'regions' (--require-family)", run.err)
        run = self.conformance("--family", "predicates", "--require-family", "region",
                               impl=self.example(), name="excluded")
        self.assertEqual(run.rc, 2)
        self.assertIn("--require-family region but --family leaves it out", run.err)

    # --- a broken adapter fails fast and says why ---------------------------

    def test_an_adapter_that_crashes_on_every_request_stops_the_run(self):
        run = self.conformance("--family", "predicates", "--shard", "1/20",
                               impl=self.misbehaving("crash-all", "-"))
        self.assertEqual(run.rc, 5, run.out + run.err)
        selected = len(self.family_shard("predicates", 20))
        self.assertEqual(run.totals, {"passed": 0, "failed": 5, "skipped": selected - 5})
        self.assertIn("4 restarts", run.out)  # the fifth crash is not restarted
        self.assertIn("the run was stopped after 5 vectors in a row without a usable answer "
                      "(--max-adapter-failures 5); likely cause: it ends on every request "
                      "(exit status 1)", run.err)
        self.assertIn("verdict: STOPPED", run.out)
        # --max-adapter-failures 0 never stops.
        run = self.conformance("--family", "predicates", "--shard", "1/400",
                               "--max-adapter-failures", "0",
                               impl=self.misbehaving("crash-all", "-"), name="never")
        self.assertEqual(run.rc, 1, run.out + run.err)
        self.assertEqual(run.totals["failed"], len(self.family_shard("predicates", 400)))

    def test_an_adapter_that_never_flushes_is_named(self):
        # The handshake never arrives: the message says why that happens.
        run = self.conformance("--handshake-timeout", "1", impl=self.misbehaving("noflush", "-"))
        self.assertEqual(run.rc, 2, run.out + run.err)
        self.assertIn("no handshake within 1 s (--handshake-timeout). Does the adapter flush its "
                      "standard output after every line?", run.err)
        # The handshake flushed, the answers not: every request times out,
        # and the run stops naming the likely cause. (The handshake has a
        # --handshake-timeout of its own, 60 s: a slow start is no timeout.)
        run = self.conformance("--timeout", "1", "--max-adapter-failures", "2", "--family",
                               "predicates", impl=self.misbehaving("noflush-answers", "-"),
                               name="answers")
        self.assertEqual(run.rc, 5, run.out + run.err)
        self.assertEqual(run.totals["failed"], 2)
        self.assertIn("likely cause: it never answered within 1 s: it is stuck, or it does not "
                      "flush its standard output after every line", run.err)

    def test_an_exit_status_above_128_is_named_as_the_signal(self):
        # Behind a shell (a list, so /bin/sh does not exec), a command killed
        # by SIGSEGV ends the shell with status 139.
        shard = self.shard_holding(TARGET, 8)
        run = self.conformance("--family", "predicates", "--shard", shard,
                               impl=self.misbehaving("segv") + "; exit $?")
        self.assertEqual(run.rc, 1, run.out + run.err)
        self.assertIn("the adapter ended while running this vector (exit status 139 = 128 + 11: "
                      "the shell's code for a command killed by signal 11 (SIGSEGV, ",
                      run.failures()[TARGET])
        # Without the shell in between, the signal itself.
        run = self.conformance("--family", "predicates", "--shard", shard,
                               impl="exec " + self.misbehaving("segv"), name="exec")
        self.assertEqual(run.rc, 1, run.out + run.err)
        self.assertIn("(killed by signal 11 (SIGSEGV, ", run.failures()[TARGET])

    # --- tools/conformance.sh -----------------------------------------------

    def test_conformance_sh_takes_report_dir_and_keeps_a_ports_report_out_of_the_tree(self):
        env = dict(os.environ, ONEPATH_BIN=ONEPATH)
        env.pop("ONEPATH_REPORT_DIR", None)
        args = ["--impl", self.example(), "--family", "predicates", "--shard", "1/50",
                "--no-metamorphic", "--quiet"]
        given = os.path.join(self.tmp.name, "given")
        p = subprocess.run([SCRIPT, "--report-dir", given] + args, cwd=self.tmp.name, env=env,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)  # was 114: --report-dir twice
        self.assertTrue(os.path.exists(os.path.join(given, "report.json")))
        # A port's run without --report-dir: the current directory, not the source tree.
        cwd = os.path.join(self.tmp.name, "port")
        os.mkdir(cwd)
        p = subprocess.run([SCRIPT] + args, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=300)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertTrue(os.path.exists(os.path.join(cwd, "conformance-report", "report.json")))
        # ONEPATH_REPORT_DIR, documented in the script.
        env["ONEPATH_REPORT_DIR"] = os.path.join(self.tmp.name, "from-env")
        p = subprocess.run([SCRIPT] + args, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=300)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertTrue(os.path.exists(os.path.join(env["ONEPATH_REPORT_DIR"], "report.json")))
        self.assertIn("ONEPATH_REPORT_DIR", open(SCRIPT).read())

    # --- selection and display ---------------------------------------------

    def test_shards_partition_the_suite(self):
        every = [i for i, _, _ in suite_vectors()]
        n = 3
        seen = []
        for k in range(1, n + 1):
            run = self.conformance("--quiet", "--shard", "%d/%d" % (k, n),
                                   impl=shlex.quote(ONEPATH_ADAPTER), name="shard%d" % k)
            self.assertEqual(run.rc, 0, run.err)
            self.assertEqual(run.ids(), every[k - 1::n])  # index k-1 modulo n, in suite order
            seen += run.ids()
        self.assertEqual(sorted(seen), sorted(every))
        self.assertEqual(len(seen), len(set(seen)))

    def test_family_clause_and_vector_filters(self):
        adapter = shlex.quote(ONEPATH_ADAPTER)
        run = self.conformance("--quiet", "--family", "arrangement", impl=adapter, name="family")
        self.assertEqual(run.ids(), [i for i, f, _ in suite_vectors() if f == "arrangement"])
        run = self.conformance("--quiet", "--clause", "pred.domain", "--clause", "arr.input",
                               impl=adapter, name="clause")
        self.assertEqual(run.ids(), [i for i, _, clauses in suite_vectors()
                                     if "pred.domain" in clauses or "arr.input" in clauses])
        run = self.conformance("--quiet", "--vector", TARGET, impl=adapter, name="vector")
        self.assertEqual(run.ids(), [TARGET])
        run = self.conformance("--vector", "no/such/vector", impl=adapter, name="unknown")
        self.assertEqual(run.rc, 2)

    def test_progress_line_only_on_a_terminal(self):
        run = self.conformance("--family", "predicates", "--shard", "1/10",
                               impl=shlex.quote(ONEPATH_ADAPTER), tty=True)
        self.assertEqual(run.rc, 0, run.err)
        self.assertIn("\r", run.err)
        self.assertRegex(run.err, r"\r  \d+/\d+ vectors  0 failed  0 skipped")
        run = self.conformance("--family", "predicates", "--shard", "1/10",
                               impl=shlex.quote(ONEPATH_ADAPTER), name="notty")
        self.assertEqual(run.rc, 0, run.err)
        self.assertNotIn("\r", run.err)
        run = self.conformance("--quiet", "--family", "predicates", "--shard", "1/10",
                               impl=shlex.quote(ONEPATH_ADAPTER), tty=True, name="quiet")
        self.assertNotIn("\r", run.err)

    def test_help_names_the_options(self):
        p = subprocess.run([ONEPATH, "conformance", "--help"], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0)
        for option in ("--impl", "--family", "--clause", "--vector", "--shard", "--timeout",
                       "--trace", "--adapter-log", "--no-metamorphic", "--require-family",
                       "--max-adapter-failures", "Exit status", "4 incomplete", "5 stopped"):
            self.assertIn(option, p.stdout)


if __name__ == "__main__":
    unittest.main()
