#!/usr/bin/env python3
"""Tests of tools/fuzz/measure.py and the resource verdicts of nightly_summary.py.

The measured commands are small Python children that burn CPU, sleep,
allocate or fail; the summaries are of a work dir made here, with
measurements taken by measure.py of such children, so the expectations
follow from what each child does, not from stored figures.

    python3 tools/fuzz/test_nightly.py [-v]
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402

PY = sys.executable
BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < %f: pass\n"
SLEEP = "import time; time.sleep(%f)"
ALLOC = "b = bytearray(%d << 20)\nb[::4096] = b'x' * len(b[::4096])\nimport time; time.sleep(0.5)"
FAIL = "import sys; sys.exit(3)"


def child(code):
    return [PY, "-c", code]


class Measure(unittest.TestCase):
    def test_cpu_over_the_timeout_is_over(self):
        m = measure.measure(child(BURN % 3.0), timeout=0.5, rss_limit_mb=1024)
        self.assertEqual(m["stopped"], "cpu")
        self.assertGreater(m["cpu_s"], 0.5)
        self.assertIn("cpu", m["over"])

    def test_sleeping_longer_than_the_timeout_is_within(self):
        # wall-clock time beyond the timeout, little CPU: what a starved fuzzer looks like
        m = measure.measure(child(SLEEP % 1.5), timeout=0.5, rss_limit_mb=1024)
        self.assertGreater(m["wall_s"], 1.5)
        self.assertLess(m["cpu_s"], 0.5)
        self.assertEqual(m["over"], [])
        self.assertEqual(m["exit"], 0)

    def test_peak_rss_over_the_limit_is_over(self):
        m = measure.measure(child(ALLOC % 200), timeout=30, rss_limit_mb=100)
        self.assertGreater(m["peak_rss_mb"], 100)
        self.assertIn("rss", m["over"])

    def test_peak_rss_under_the_limit_is_within(self):
        m = measure.measure(child(ALLOC % 40), timeout=30, rss_limit_mb=400)
        self.assertGreater(m["peak_rss_mb"], 40)  # the touched pages are counted
        self.assertEqual(m["over"], [])

    def test_a_failing_replay_is_over(self):
        m = measure.measure(child(FAIL), timeout=30, rss_limit_mb=1024)
        self.assertEqual((m["exit"], m["over"]), (3, ["failed"]))

    def test_a_starved_replay_is_stopped_by_the_wall_cap(self):
        m = measure.measure(child(SLEEP % 30), timeout=5, rss_limit_mb=1024, wall_cap=1)
        self.assertEqual((m["stopped"], m["over"]), ("wall", ["wall-cap"]))

    def test_command_line_exit_status(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "m.json")
            within = subprocess.run([PY, os.path.join(HERE, "measure.py"), "--timeout", "5",
                                     "--rss-limit-mb", "1024", "--json", out, "--"]
                                    + child(SLEEP % 0.1))
            self.assertEqual(within.returncode, 0)
            with open(out) as f:
                self.assertEqual(json.load(f)["over"], [])
            over = subprocess.run([PY, os.path.join(HERE, "measure.py"), "--timeout", "0.2",
                                   "--rss-limit-mb", "1024", "--json", out, "--"]
                                  + child(BURN % 2.0))
            self.assertEqual(over.returncode, 1)
            with open(out) as f:
                self.assertEqual(json.load(f)["over"], ["cpu"])


TIMEOUT = 1  # the summary's --timeout in these tests
WITHIN = child(SLEEP % (TIMEOUT + 0.5))  # a false timeout: wall > timeout, CPU < timeout
OVER = child(BURN % (TIMEOUT + 2))  # a true one


class Summary(unittest.TestCase):
    """A work dir with one target and its artifacts, summarized."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        os.makedirs(os.path.join(self.root, "fuzz", "regressions", "t"))
        self.work = os.path.join(self.root, "work")
        self.tw = os.path.join(self.work, "targets", "t")
        for d in ("artifacts", "logs", "minimized"):
            os.makedirs(os.path.join(self.tw, d))
        with open(os.path.join(self.tw, "runs.tsv"), "w") as f:
            f.write("0\t1\t100.0\t110.0\n")
        with open(os.path.join(self.tw, "logs", "run-0.log"), "w") as f:
            f.write("#2\tINITED cov: 10 ft: 20 corp: 1/1b\nstat::number_of_executed_units: 50\n")
        with open(os.path.join(self.tw, "facts"), "w") as f:
            f.write("binary=/bin/true\nmax_len=64\n")
        self.json = os.path.join(self.root, "summary.json")
        self.md = os.path.join(self.root, "summary.md")

    def tearDown(self):
        self.tmp.cleanup()

    def artifact(self, kind, data, measured=None, limits_measured=None, replay=""):
        """An artifact, its replay log and its measurements (commands run by measure.py)."""
        name = "%s-%s" % (kind, hashlib.sha1(data).hexdigest())
        with open(os.path.join(self.tw, "artifacts", name), "wb") as f:
            f.write(data)
        with open(os.path.join(self.tw, "logs", "replay-%s.log" % name), "w") as f:
            f.write(replay or "==1== ERROR: libFuzzer: %s\nSUMMARY: libFuzzer: %s\n" % (kind, kind))
        for prefix, argv in (("measure", measured), ("measure-limits", limits_measured)):
            if argv:
                m = measure.measure(argv, timeout=TIMEOUT, rss_limit_mb=1024)
                with open(os.path.join(self.tw, "logs", "%s-%s.json" % (prefix, name)), "w") as f:
                    json.dump(m, f)
        return name

    def summarize(self, limits_build=False):
        argv = [PY, os.path.join(HERE, "nightly_summary.py"), "--root", self.root,
                "--work-dir", self.work, "--corpus-dir", os.path.join(self.root, "corpus"),
                "--build-dir", os.path.join(self.root, "build"), "--targets", "t",
                "--json", self.json, "--markdown", self.md, "--budget", "10",
                "--rss-limit-mb", "1024", "--timeout", str(TIMEOUT)]
        if limits_build:
            argv += ["--limits-build-dir", os.path.join(self.root, "build-limits")]
        rc = subprocess.run(argv, stdout=subprocess.DEVNULL).returncode
        with open(self.json) as f, open(self.md) as g:
            return rc, json.load(f), g.read()

    def test_a_timeout_within_the_cpu_limit_is_not_reproduced_and_not_counted(self):
        name = self.artifact("timeout", b"slow", measured=WITHIN)
        rc, s, md = self.summarize()
        t = s["targets"][0]
        self.assertEqual(rc, 0)
        self.assertEqual((t["new_findings"], t["uncounted_failures"]), (0, 1))
        u = t["uncounted"][0]
        self.assertEqual((u["verdict"], u["kind"]), ("not reproduced", "timeout"))
        self.assertTrue(u["artifact"].endswith(name))
        self.assertLess(u["measured"]["cpu_s"], TIMEOUT)
        self.assertEqual(s["totals"]["uncounted_failures"], 1)
        self.assertIn("## Resource failures not counted", md)
        self.assertIn("%.2f s CPU, %.0f MiB" % (u["measured"]["cpu_s"],
                                               u["measured"]["peak_rss_mb"]), md)

    def test_a_timeout_over_the_cpu_limit_is_a_new_finding(self):
        self.artifact("timeout", b"slow", measured=OVER)
        rc, s, md = self.summarize()
        t = s["targets"][0]
        self.assertEqual((rc, t["new_findings"], t["uncounted_failures"]), (1, 1, 0))
        check = t["findings"][0]["resource_check"]
        self.assertEqual((check["verdict"], check["counts"]), ("confirmed", True))
        self.assertGreater(check["measured"]["cpu_s"], TIMEOUT)
        self.assertIn("re-measured: confirmed", md)

    def test_over_only_under_sanitizers_is_not_counted_with_a_limits_build(self):
        self.artifact("oom", b"big", measured=OVER, limits_measured=WITHIN)
        rc, s, md = self.summarize(limits_build=True)
        t = s["targets"][0]
        self.assertEqual((rc, t["new_findings"], t["uncounted_failures"]), (0, 0, 1))
        u = t["uncounted"][0]
        self.assertEqual(u["verdict"], "over the limits only under sanitizers")
        self.assertGreater(u["measured"]["cpu_s"], TIMEOUT)
        self.assertLess(u["limits_build_measured"]["cpu_s"], TIMEOUT)
        self.assertIn("over the limits only under sanitizers", md)
        self.assertTrue(s["limits_build_dir"].endswith("build-limits"))

    def test_over_in_both_builds_counts(self):
        self.artifact("timeout", b"slow", measured=OVER, limits_measured=OVER)
        rc, s, _ = self.summarize(limits_build=True)
        self.assertEqual((rc, s["targets"][0]["new_findings"]), (1, 1))
        self.assertEqual(s["targets"][0]["findings"][0]["resource_check"]["verdict"],
                         "confirmed without sanitizers")

    def test_without_a_limits_build_a_confirmed_failure_counts(self):
        # the same measurements as above, the limits build's ignored without the option
        self.artifact("oom", b"big", measured=OVER, limits_measured=WITHIN)
        rc, s, _ = self.summarize(limits_build=False)
        self.assertEqual((rc, s["targets"][0]["new_findings"]), (1, 1))

    def test_a_resource_failure_without_a_measurement_counts_as_before(self):
        self.artifact("timeout", b"slow")
        rc, s, _ = self.summarize()
        self.assertEqual((rc, s["targets"][0]["new_findings"]), (1, 1))
        self.assertEqual(s["targets"][0]["findings"][0]["resource_check"]["verdict"],
                         "not re-measured")

    def test_crashes_are_not_re_measured(self):
        # a measurement within the limits does not excuse a crash
        self.artifact("crash", b"boom", measured=WITHIN,
                      replay="fuzz offset: wrong\n==1== ERROR: AddressSanitizer: SEGV\n")
        self.artifact("timeout", b"slow", measured=WITHIN)
        rc, s, _ = self.summarize()
        t = s["targets"][0]
        self.assertEqual((rc, t["new_findings"], t["uncounted_failures"]), (1, 1, 1))
        self.assertEqual(t["findings"][0]["kind"], "crash")
        self.assertNotIn("resource_check", t["findings"][0])

    def test_a_known_input_within_the_limits_is_listed_as_known(self):
        with open(os.path.join(self.root, "fuzz", "regressions", "t", "x"), "wb") as f:
            f.write(b"slow")
        self.artifact("timeout", b"slow", measured=WITHIN)
        rc, s, _ = self.summarize()
        t = s["targets"][0]
        self.assertEqual((rc, t["known_findings"], t["uncounted"][0]["known"]), (0, 0, True))


if __name__ == "__main__":
    unittest.main()
