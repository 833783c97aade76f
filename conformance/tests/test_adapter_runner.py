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

ONEPATH = os.environ.get("ONEPATH", "onepath")
ONEPATH_ADAPTER = os.environ.get("ONEPATH_ADAPTER", "onepath-adapter")
SOURCE = os.environ.get("ONEPATH_SOURCE_DIR",
                        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
EXAMPLE = os.path.join(SOURCE, "conformance", "adapters", "python_predicates_adapter.py")
MISBEHAVING = os.path.join(SOURCE, "conformance", "tests", "adapters", "misbehaving_adapter.py")
STAGE_BREAKING = os.path.join(SOURCE, "conformance", "tests", "adapters",
                              "stage_breaking_adapter.py")
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
        # The hello names the suite version, which grows with the suite.
        version = re.compile(r'^> \{"protocol":1,"suite":"[^"]*"\}$', re.M)
        self.assertEqual(version.sub("HELLO", got), version.sub("HELLO", transcript))

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

        # An adapter that cannot be restarted: every later vector fails, none hangs.
        flag = shlex.quote(os.path.join(self.tmp.name, "started-once"))
        once = "if [ -e %s ]; then exit 5; fi; touch %s; exec %s" % (flag, flag,
                                                                      self.misbehaving("crash"))
        shard = self.shard_holding(TARGET, 8)
        run = self.conformance("--family", "predicates", "--shard", shard, impl=once, name="once")
        self.assertEqual(run.rc, 1)
        ids = run.ids()
        after = ids[ids.index(TARGET) + 1:]
        self.assertTrue(after)
        self.assertEqual(run.ids("failed"), [TARGET] + after)
        self.assertIn("not run: the adapter could not be restarted: it ended before the "
                      "handshake (exit status 5)", run.failures()[after[0]])

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
                       "--trace", "--adapter-log", "--no-metamorphic", "Exit status"):
            self.assertIn(option, p.stdout)


if __name__ == "__main__":
    unittest.main()
