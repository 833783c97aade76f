#!/usr/bin/env python3
"""The compliance report of a real run (conformance/runner/report*.cpp).

Runs `onepath conformance` (the built-in reference, or a deliberately broken
adapter from conformance/tests/adapters/) and checks what it wrote:

- report.html opened in headless Chromium (Debian's `chromium`, installed
  by tools/setup.sh), driven over the DevTools protocol on a pipe
  (--remote-debugging-pipe, no extra Python package): the page loads, shows
  the header, one clause-table row per clause with the uncovered ones
  flagged, the failures with their divergence, and logs no console message,
  no script error and no request for anything but the page itself;
- report.junit.xml parsed with xml.etree: one testsuite per family, one
  testcase per vector run, <failure> and <skipped> where they belong;
- the clauses credited from test results (--test-results): the GoogleTest
  XML of unit tests run here and of a fuzz replay, each clause every test
  names (CLAUSE called several times included), nothing from a test that
  failed or did not run; without results, test coverage is unknown.

Each test is one meson test (tools/meson.build):

    ONEPATH=... ONEPATH_SOURCE_DIR=... ONEPATH_BUILD_DIR=... python3 test_report.py Report.test_junit_...

Where Chromium is absent its tests are skipped, and a run whose every test
was skipped exits 77 (a skip for meson).
"""
import base64
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from test_adapter_runner import (MISBEHAVING, ONEPATH, PYTHON, SOURCE,  # noqa: E402
                                 TARGET, suite_vectors)

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium")
NEEDS_CHROMIUM = unittest.skipUnless(
    CHROMIUM, "chromium is not installed (tools/setup.sh installs Debian's chromium)")
# A clause that no vector and no test names, added to a copy of docs/spec so
# that every run has one row to flag.
UNCOVERED = "zz.nothing-covers-this"
# The meson build directory: its unit tests and fuzz replays make results.
BUILD = os.environ.get("ONEPATH_BUILD_DIR",
                       os.path.dirname(os.path.dirname(os.path.abspath(ONEPATH))))


def clauses_by_test(path):
    """{"Suite.Name": ids} from the CLAUSE("...") calls in each test's body
    (every call, not only the first) of a test source."""
    with open(path) as f:
        text = f.read()
    heads = list(re.finditer(r"^(?:TEST|TEST_F|RC_GTEST_PROP)\((\w+), (\w+)\)", text, re.M))
    out = {}
    for head, after in zip(heads, heads[1:] + [None]):
        body = text[head.end():after.start() if after else len(text)]
        calls = re.findall(r'\bCLAUSE\("([^"]*)"\)', body)
        out["%s.%s" % head.groups()] = (len(calls), [i for c in calls for i in c.split()])
    return out


def golden_lines():
    pattern = os.path.join(SOURCE, "golden", "**", "*.jsonl")
    for path in sorted(glob.glob(pattern, recursive=True)):
        with open(path) as f:
            yield from (line for line in f if line.strip())


def as_shown(text):
    """What the page and the XML show of a text: control characters that
    XML 1.0 cannot hold as visible escapes (EscapeMarkup)."""
    def shown(c):
        if (ord(c) < 0x20 and c not in "\t\n\r") or c == "\x7f":
            return "\\x%02x" % ord(c)
        return "\\u%04x" % ord(c) if 0x80 <= ord(c) <= 0x9f else c
    return "".join(map(shown, text))


class Chromium:
    """Headless Chromium driven over the DevTools protocol on a pipe: the
    browser reads commands from fd 3 and writes answers and events to fd 4,
    JSON messages ended by a NUL byte."""

    def __init__(self, workdir):
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def browser_fds():  # in the child: its ends as fd 3 and 4, inherited
            read, write = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.log = os.path.join(workdir, "chromium.log")
        with open(self.log, "wb") as log:
            self._proc = subprocess.Popen(
                [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
                 "--disable-extensions", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--remote-debugging-pipe",
                 "--user-data-dir=" + os.path.join(workdir, "chromium-profile"), "about:blank"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(3, 4),
                preexec_fn=browser_fds)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def _receive(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                with open(self.log, errors="replace") as log:
                    raise RuntimeError("chromium closed the DevTools pipe; its output ends:\n"
                                       + log.read()[-3000:])
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive()
            if reply.get("id") != self._next_id:
                self.events.append(reply)
            elif "error" in reply:
                raise RuntimeError("%s: %s" % (method, reply["error"]))
            else:
                return reply["result"]

    def open(self, path):
        """Loads file `path` in a new tab, with console, log and network
        events recorded from the start; returns the tab's session."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget",
                            {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(domain + ".enable", session=session)
        self.call("Page.navigate", {"url": "file://" + os.path.abspath(path)}, session=session)
        while not self.page_events("Page.loadEventFired", session):
            self.events.append(self._receive())
        return session

    def page_events(self, method, session):
        return [e for e in self.events if e.get("method") == method
                and e.get("sessionId") == session]

    def evaluate(self, session, expression):
        result = self.call("Runtime.evaluate", {"expression": expression,
                                                "returnByValue": True}, session=session)
        if "exceptionDetails" in result:
            raise RuntimeError("%s: %s" % (expression, result["exceptionDetails"]))
        return result["result"]["value"]

    def problems(self, session):
        """Everything a person would see in the DevTools console, and every
        request for something other than the page itself."""
        out = []
        for e in self.page_events("Runtime.consoleAPICalled", session):
            out.append("console.%s: %s" % (e["params"]["type"], e["params"]["args"]))
        for e in self.page_events("Runtime.exceptionThrown", session):
            out.append("exception: %s" % e["params"]["exceptionDetails"])
        for e in self.page_events("Log.entryAdded", session):
            out.append("log %s: %s" % (e["params"]["entry"]["level"],
                                       e["params"]["entry"]["text"]))
        requests = [e["params"]["request"]["url"]
                    for e in self.page_events("Network.requestWillBeSent", session)]
        out += ["request: " + url for url in requests[1:]]  # the first one is the page
        return out

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass  # it may close the pipe before it answers, or be gone already
        os.close(self._to_browser)
        os.close(self._from_browser)
        self._proc.wait()


# What the page shows, read in the browser: the DOM as rendered, with the
# layout and computed styles (a flag is only a flag when it looks like one).
PAGE_FACTS = r"""(() => {
  const text = (sel) => { const e = document.querySelector(sel); return e ? e.textContent : null; };
  const rows = [...document.querySelectorAll('#clauses > tbody > tr')];
  const notRun = [...document.querySelectorAll('#clauses-not-run tbody > tr')];
  const box = document.querySelector('#clauses').getBoundingClientRect();
  const background = (tr) => getComputedStyle(tr.cells[0]).backgroundColor;
  // A plain row's look: one of the page's, or (when every row is flagged or
  // failing, as when nothing is known of the tests) one added for a moment.
  const plainBackground = (() => {
    const found = rows.find((tr) => tr.className === 'clause');
    if (found) return background(found);
    const tr = document.querySelector('#clauses > tbody').insertRow();
    tr.className = 'clause';
    tr.insertCell().textContent = 'x';
    const b = background(tr);
    tr.remove();
    return b;
  })();
  return {
    title: document.title,
    suiteVersion: text('#suite-version'),
    implementation: text('#implementation'),
    preflight: text('#preflight'),
    verdict: text('#verdict'),
    rowIds: rows.map((tr) => tr.cells[0].textContent),
    notRunIds: notRun.map((tr) => tr.cells[0].textContent),
    notRunOpen: (() => { const d = document.querySelector('#clauses-not-run');
                         return d ? d.open : null; })(),
    testsShown: rows.map((tr) => { const d = tr.cells[6].querySelector('details');
                                   return d ? d.querySelector('summary').textContent : null; }),
    goldenCoverage: text('#golden-coverage'),
    rowCells: rows.map((tr) => [...tr.cells].map((td) => td.textContent)),
    uncovered: rows.filter((tr) => tr.classList.contains('uncovered'))
                   .map((tr) => tr.cells[0].textContent),
    uncoveredLooksDifferent: rows.filter((tr) => tr.classList.contains('uncovered'))
                   .every((tr) => background(tr) !== plainBackground),
    flagVisible: rows.filter((tr) => tr.classList.contains('uncovered')).every((tr) => {
      const flag = tr.querySelector('.flag');
      const r = flag && flag.getBoundingClientRect();
      return !!r && r.width > 0 && r.height > 0 && getComputedStyle(flag).display !== 'none';
    }),
    tableSize: [box.width, box.height],
    failures: [...document.querySelectorAll('#failure-list > li')].map((li) => ({
      id: li.dataset.vector, detail: li.querySelector('pre.detail').textContent,
      divergence: li.querySelector('p.divergence').textContent})),
    elementsInFailures: [...document.querySelectorAll('#failures *')].map((e) => e.localName),
    scripts: document.scripts.length,
    stylesheets: document.styleSheets.length,
  };
})()"""


class Run:
    def __init__(self, rc, out, err, report_dir):
        self.rc, self.out, self.err, self.dir = rc, out, err, report_dir
        with open(os.path.join(report_dir, "report.json")) as f:
            self.report = json.load(f)

    def path(self, name):
        return os.path.join(self.dir, name)

    def text(self, name):
        with open(self.path(name), encoding="utf-8") as f:
            return f.read()

    def junit(self):
        return ET.parse(self.path("report.junit.xml")).getroot()


class Report(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="onepath-report-test-")
        # docs/spec with one more clause, which nothing covers.
        self.spec = os.path.join(self.tmp.name, "spec")
        shutil.copytree(os.path.join(SOURCE, "docs", "spec"), self.spec)
        with open(os.path.join(self.spec, "zz-uncovered.md"), "w") as f:
            f.write("# For the report's tests\n\n### `%s` — Nothing covers this\n" % UNCOVERED)

    def tearDown(self):
        self.tmp.cleanup()

    def conformance(self, *args, impl=None, name="run"):
        """A run of the golden vectors alone (--no-metamorphic: one report
        entry per vector; test_port_reducer.py reports the derived checks)."""
        report_dir = os.path.join(self.tmp.name, name)
        cmd = [ONEPATH, "conformance", "--source-dir", SOURCE, "--spec-dir", self.spec,
               "--report-dir", report_dir, "--no-metamorphic"]
        if impl:
            cmd += ["--impl", impl]
        # (an adapter's stderr, echoed in failures, need not be UTF-8)
        p = subprocess.run(cmd + list(args), stdin=subprocess.DEVNULL, capture_output=True,
                           encoding="utf-8", errors="replace")
        return Run(p.returncode, p.stdout, p.stderr, report_dir)

    def misbehaving(self, mode):
        return "%s %s %s %s" % (shlex.quote(PYTHON), shlex.quote(MISBEHAVING), mode,
                                shlex.quote(TARGET))

    def flipped_run(self):
        """The example adapter with one wrong sign (TARGET), on the eighth of
        the suite that holds TARGET: predicates pass but one, the other
        families' operations are skipped."""
        ids = [i for i, _, _ in suite_vectors()]
        shard = "%d/8" % (ids.index(TARGET) % 8 + 1)
        run = self.conformance("--shard", shard, impl=self.misbehaving("flip"))
        self.assertEqual(run.rc, 1, run.err)
        self.assertEqual([f["id"] for f in run.report["failures"]], [TARGET])
        self.assertGreater(run.report["totals"]["passed"], 0)
        self.assertGreater(run.report["totals"]["skipped"], 0)
        return run

    def render(self, path):
        """(facts read from the rendered page, console problems)."""
        browser = Chromium(self.tmp.name)
        try:
            session = browser.open(path)
            facts = browser.evaluate(session, PAGE_FACTS)
            shot = browser.call("Page.captureScreenshot", {"format": "png"}, session=session)
            with open(path + ".png", "wb") as f:  # for a person looking into a failure
                f.write(base64.b64decode(shot["data"]))
            problems = browser.problems(session)
        finally:
            browser.close()
        return facts, problems

    def assert_page_shows_the_run(self, run, facts, problems):
        report = run.report
        self.assertEqual(problems, [], "console messages or requests while showing the page")
        self.assertEqual(facts["scripts"], 0)
        self.assertEqual(facts["stylesheets"], 1)
        self.assertEqual(facts["suiteVersion"], report["suite_version"])
        self.assertEqual(facts["implementation"], report["implementation"])
        self.assertEqual(facts["preflight"], "passed" if report["preflight"]["ok"] else "FAILED")
        totals = report["totals"]
        self.assertEqual(facts["verdict"], "%d vectors: %d passed, %d failed, %d skipped" % (
            len(report["vectors"]), totals["passed"], totals["failed"], totals["skipped"]))
        # The clause table: one row per clause of the spec, in order, with
        # its counts; the clauses with nothing run in a section folded away.
        shown = [c for c in report["clauses"] if not c["nothing_run"]]
        self.assertEqual(facts["rowIds"], [c["id"] for c in shown])
        self.assertEqual(facts["notRunIds"], [c["id"] for c in report["clauses"]
                                              if c["nothing_run"]])
        self.assertIn(facts["notRunOpen"], (None, False))
        # Rows: the clauses the run's vectors name, the clauses not observable
        # by a port and any uncovered clause (no vector in the suite); with
        # every clause covered, a run of one vector shows about fifteen.
        self.assertGreater(len(facts["rowIds"]), 10)
        for cells, clause in zip(facts["rowCells"], shown):
            self.assertEqual(cells[:6], [clause["id"], clause["title"].replace("`", ""),
                                         clause["spec"],
                                         str(clause["passed"]), str(clause["failed"]),
                                         str(clause["skipped"])])
            for test in clause["tests"]:
                self.assertIn(test, cells[6])
        # The reference's test names fold away: the column shows how many.
        for summary, clause in zip(facts["testsShown"], shown):
            n = len(clause["tests"])
            self.assertEqual(summary, ("%d test%s" % (n, "" if n == 1 else "s")) if n else None)
        self.assertEqual(facts["uncovered"], [c["id"] for c in report["clauses"]
                                              if c["uncovered"]])
        self.assertIn(UNCOVERED, facts["uncovered"])
        self.assertTrue(facts["uncoveredLooksDifferent"])
        self.assertTrue(facts["flagVisible"])
        width, height = facts["tableSize"]
        self.assertGreater(width, 300)
        self.assertGreater(height, 20 * len(facts["rowIds"]))  # every row laid out
        # The failures with their divergence, as text.
        self.assertEqual([{"id": f["id"], "detail": f["detail"]} for f in facts["failures"]],
                         [{"id": f["id"], "detail": as_shown(f["detail"])}
                          for f in report["failures"]])
        for shown_failure, f in zip(facts["failures"], report["failures"]):
            self.assertTrue(shown_failure["divergence"].startswith(
                ("adapter: " + f["category"]) if f["category"] != "divergence"
                else "%s: %s" % (f["clause"] or "stage " + f["stage"], f["kind"])),
                shown_failure["divergence"])

    # --- report.html ---------------------------------------------------------

    @NEEDS_CHROMIUM
    def test_html_renders_in_chromium_with_the_clause_table_and_the_failure(self):
        run = self.flipped_run()
        facts, problems = self.render(run.path("report.html"))
        self.assert_page_shows_the_run(run, facts, problems)
        self.assertIn("python-predicates-example", facts["implementation"])
        self.assertEqual(len(facts["failures"]), 1)
        self.assertIn("first difference: /sign: 1, expected -1", facts["failures"][0]["detail"])

    @NEEDS_CHROMIUM
    def test_html_of_a_passing_reference_run_renders_without_failures(self):
        run = self.conformance("--quiet")
        self.assertEqual(run.rc, 0, run.err)
        self.assertEqual(len(run.report["vectors"]), len(suite_vectors()))
        facts, problems = self.render(run.path("report.html"))
        self.assert_page_shows_the_run(run, facts, problems)
        self.assertEqual(facts["failures"], [])
        self.assertIn("OnePath Mesh reference", facts["title"])

    @NEEDS_CHROMIUM
    def test_html_shows_what_an_adapter_said_as_text(self):
        # An adapter whose last words on stderr are markup, a control
        # character and a byte that is not UTF-8, then it crashes on TARGET.
        words = r'<b id="injected">&amp;</b> <script>console.error(1)</script> \001\377 done\n'
        impl = "printf %s >&2; exec %s" % (shlex.quote(words), self.misbehaving("crash"))
        # (printf takes the words as its format: \001 and \377 become bytes)
        run = self.conformance("--vector", TARGET, impl=impl)
        self.assertEqual(run.rc, 1, run.err)
        facts, problems = self.render(run.path("report.html"))
        self.assert_page_shows_the_run(run, facts, problems)
        detail = facts["failures"][0]["detail"]
        self.assertIn('<b id="injected">&amp;</b> <script>console.error(1)</script> '
                      '\\x01\ufffd done', detail)
        self.assertIn("crashing on purpose at " + TARGET, detail)
        self.assertNotIn("b", facts["elementsInFailures"])
        self.assertNotIn("script", facts["elementsInFailures"])
        # The same words in the JUnit XML, which parses: a crash is an
        # <error>, not a <failure> (no answer to judge).
        self.assertIsNone(run.junit().find("testsuite/testcase/failure"))
        failure = run.junit().find("testsuite/testcase/error")
        self.assertEqual(failure.get("type"), "crash")
        self.assertEqual(run.junit().get("errors"), "1")
        self.assertEqual(run.junit().get("failures"), "0")
        self.assertIn('<b id="injected">&amp;</b> <script>console.error(1)</script> '
                      '\\x01\ufffd done', failure.get("message"))
        self.assertEqual(failure.text, detail)

    # --- test coverage -------------------------------------------------------

    def test_clauses_are_credited_to_the_tests_that_ran(self):
        results = os.path.join(self.tmp.name, "results")
        os.makedirs(results)
        unit = subprocess.run(
            [os.path.join(BUILD, "conformance", "tests", "unit_tests"), "--gtest_filter=Cdt.*",
             "--gtest_output=xml:" + os.path.join(results, "unit.xml")],
            capture_output=True, text=True)
        self.assertEqual(unit.returncode, 0, unit.stdout[-3000:])
        replay = subprocess.run(
            [os.path.join(BUILD, "fuzz", "cdt_replay"), "--xml=" + os.path.join(results, "fuzz.xml"),
             "--name=cdt", "--clauses=cdt.input cdt.canonical",
             os.path.join(SOURCE, "fuzz", "regressions", "cdt")], capture_output=True, text=True)
        self.assertEqual(replay.returncode, 0, replay.stderr)
        # A test that failed names the clause nothing covers: not credited.
        with open(os.path.join(results, "failed.xml"), "w") as f:
            f.write('<testsuites><testsuite name="Fake"><testcase name="Fails" status="run" '
                    'result="completed" classname="Fake"><failure message="no"/><properties>'
                    '<property name="clauses" value="%s"/></properties></testcase></testsuite>'
                    '</testsuites>' % UNCOVERED)
        run = self.conformance("--family", "cdt", "--quiet", "--test-results", results)
        self.assertEqual(run.rc, 0, run.err)
        info = run.report["test_results"]
        self.assertTrue(info["known"])
        self.assertEqual(info["files"], ["failed.xml", "fuzz.xml", "unit.xml"])
        self.assertEqual(info["tests"]["failed"], 1)
        credited = {}
        for row in run.report["clauses"]:
            for test in row["tests"]:
                credited.setdefault(test, set()).add(row["id"])
        # Every clause each Cdt test names, in every CLAUSE call.
        named = clauses_by_test(os.path.join(SOURCE, "conformance", "tests", "test_cdt.cpp"))
        ran = [n for n in named if n.startswith("Cdt.") and "DISABLED_" not in n]
        self.assertGreater(len(ran), 5)
        self.assertTrue(any(calls > 1 for name, (calls, _) in named.items() if name in ran),
                        "no Cdt test calls CLAUSE twice: the case this test is for")
        for name in ran:
            self.assertEqual(credited.get(name, set()), set(named[name][1]), name)
        self.assertEqual(credited["fuzz.cdt"], {"cdt.input", "cdt.canonical"})
        # Nothing else ran: only those tests are credited; the failed one is not.
        self.assertEqual(set(credited), {n for n in ran if named[n][1]} | {"fuzz.cdt"})
        uncovered = [r for r in run.report["clauses"] if r["id"] == UNCOVERED][0]
        self.assertTrue(uncovered["uncovered"])
        self.assertIn("- Test coverage: from the tests that ran", run.text("report.md"))

    def test_without_test_results_test_coverage_is_unknown(self):
        run = self.conformance("--family", "cdt", "--quiet")
        self.assertEqual(run.rc, 0, run.err)
        self.assertFalse(run.report["test_results"]["known"])
        self.assertEqual([r["id"] for r in run.report["clauses"] if r["tests"]], [])
        markdown = run.text("report.md")
        self.assertIn("- Test coverage: unknown", markdown)
        self.assertNotIn("vectors only", markdown)
        properties = {p.get("name"): p.get("value") for p in run.junit().iter("property")}
        self.assertTrue(properties["test_coverage"].startswith("unknown"))
        # A directory without results is a usage error, not an empty report.
        empty = os.path.join(self.tmp.name, "empty")
        os.makedirs(empty)
        run = subprocess.run([ONEPATH, "conformance", "--source-dir", SOURCE, "--family", "cdt",
                              "--report-dir", os.path.join(self.tmp.name, "r2"),
                              "--test-results", empty], capture_output=True, text=True)
        self.assertEqual(run.returncode, 2)
        self.assertIn("no *.xml file", run.stderr)

    # --- report.json's failures, the console, the header ----------------------

    def test_json_failures_are_in_parts_and_junit_errors_are_not_failures(self):
        run = self.flipped_run()
        vector = next(v for v in map(json.loads, golden_lines()) if v["id"] == TARGET)
        f = run.report["failures"][0]
        self.assertEqual({k: f[k] for k in ("category", "stage", "clause", "kind", "element")},
                         {"category": "divergence", "stage": "sign", "clause": "pred.orient2d",
                          "kind": "sign 1 instead of -1", "element": "/sign: 1, expected -1"})
        self.assertEqual(f["expected"], {"sha256": vector["expect"]["sha256"]})
        self.assertRegex(f["got"]["sha256"], "^[0-9a-f]{64}$")
        self.assertNotEqual(f["got"], f["expected"])
        self.assertEqual(f["input"], json.dumps(vector["input"], separators=(",", ":")))
        self.assertEqual(run.report["failure_groups"],
                         [{"label": "pred.orient2d: sign ±1 instead of ∓1", "count": 1,
                           "ids": [TARGET]}])
        # No answer: the adapter's failure by its kind; JUnit <error>.
        for mode, category in (("crash", "crash"), ("hang", "timeout"),
                               ("garbage", "malformed answer")):
            run = self.conformance("--vector", TARGET, "--timeout", "1",
                                   impl=self.misbehaving(mode), name=mode)
            self.assertEqual(run.rc, 1, run.err)
            f = run.report["failures"][0]
            self.assertEqual((f["category"], f["stage"], f["got"]), (category, "adapter", None))
            self.assertEqual(f["expected"], {"sha256": vector["expect"]["sha256"]})
            root = run.junit()
            self.assertEqual((root.get("failures"), root.get("errors")), ("0", "1"))
            error = root.find("testsuite/testcase/error")
            self.assertEqual(error.get("type"), category)
            self.assertEqual(error.text, as_shown(f["detail"]))
            self.assertIn("FAIL adapter: %s — " % category, run.err)

    def test_only_run_prints_the_clauses_something_ran_for(self):
        run = self.conformance("--family", "predicates", "--only-run")
        self.assertEqual(run.rc, 0, run.err)
        rows = {c["id"]: c for c in run.report["clauses"]}
        ran = [i for i, c in rows.items() if c["passed"] + c["failed"] > 0]
        self.assertIn("pred.orient2d", ran)
        table = [line.split()[0] for line in run.out.splitlines()
                 if line.split() and line.split()[0] in rows]
        self.assertEqual(table, ran)
        hidden = len(rows) - len(ran)
        self.assertIn("(%d clauses with nothing run not shown: --only-run)" % hidden, run.out)
        # Without it, every clause; those of other families are not "uncovered".
        run = self.conformance("--family", "predicates", name="all")
        table = [line.split()[0] for line in run.out.splitlines()
                 if line.split() and line.split()[0] in rows]
        self.assertEqual(table, list(rows))
        self.assertFalse(run.report["clauses"][[c["id"] for c in run.report["clauses"]]
                                               .index("cdt.canonical")]["uncovered"])
        self.assertTrue(rows[UNCOVERED]["uncovered"])
        # report.md: the clauses of other families folded away.
        markdown = run.text("report.md")
        folded = markdown.index("clauses with nothing run")
        self.assertGreater(markdown.index("| `cdt.canonical` |"), folded)
        self.assertLess(markdown.index("| `pred.orient2d` |"), folded)

    def test_golden_coverage_figures_are_in_the_header(self):
        figures = os.path.join(self.tmp.name, "golden-coverage.json")
        with open(figures, "w") as f:
            json.dump({"lines_pct": 88.4, "branches_pct": 64.06, "normative_lines_pct": 97.5,
                       "normative_branches_pct": 90.0, "unreached": [{"file": "src/x.cpp"}]}, f)
        run = self.conformance("--family", "cdt", "--quiet", "--golden-coverage", figures)
        self.assertEqual(run.rc, 0, run.err)
        sentence = ("of src/ by the golden replay alone: lines 88.4 %, branches 64.1 %; "
                    "normative part: lines 97.5 %, branches 90.0 % (" + figures + ")")
        self.assertIn("- Golden-only coverage: " + sentence, run.text("report.md"))
        self.assertEqual(run.report["golden_coverage"]["normative_branches_pct"], 90.0)
        properties = {p.get("name"): p.get("value") for p in run.junit().iter("property")}
        self.assertEqual(properties["golden_coverage"], sentence)
        self.assertIn('<dd id="golden-coverage">' + sentence, run.text("report.html"))
        # Without it the header says it was not given; a broken file is a usage error.
        run = self.conformance("--family", "cdt", "--quiet", name="none")
        self.assertIn("- Golden-only coverage: not given", run.text("report.md"))
        with open(figures, "w") as f:
            json.dump({"lines_pct": 88.4}, f)
        p = subprocess.run([ONEPATH, "conformance", "--source-dir", SOURCE, "--family", "cdt",
                            "--report-dir", os.path.join(self.tmp.name, "bad"),
                            "--golden-coverage", figures], capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn('"branches_pct" is missing or not a number', p.stderr)

    # --- report.junit.xml ----------------------------------------------------

    def test_junit_has_a_suite_per_family_a_case_per_vector_and_the_failure(self):
        run = self.flipped_run()
        root = run.junit()
        report = run.report
        family = {i: f for i, f, _ in suite_vectors()}
        status = {v["id"]: v["status"] for v in report["vectors"]}
        self.assertEqual(root.tag, "testsuites")
        self.assertEqual((root.get("tests"), root.get("failures"), root.get("errors"),
                          root.get("skipped")),
                         (str(len(status)), "1", "0", str(report["totals"]["skipped"])))
        with open(os.path.join(SOURCE, "golden", "suite.json")) as f:
            families = json.load(f)["families"]
        run_families = [f for f in families if f in {family[i] for i in status}]
        self.assertGreaterEqual(len(run_families), 3)
        suites = root.findall("testsuite")
        self.assertEqual([s.get("name") for s in suites], run_families)
        seen = []
        for suite in suites:
            name = suite.get("name")
            cases = suite.findall("testcase")
            expected = [v["id"] for v in report["vectors"] if family[v["id"]] == name]
            self.assertEqual([c.get("name") for c in cases], expected)
            self.assertEqual({c.get("classname") for c in cases}, {name})
            failed = [c for c in cases if c.find("failure") is not None]
            skipped = [c for c in cases if c.find("skipped") is not None]
            self.assertEqual(suite.get("tests"), str(len(cases)))
            self.assertEqual(suite.get("failures"), str(len(failed)))
            self.assertEqual(suite.get("skipped"), str(len(skipped)))
            for c in cases:
                self.assertEqual(status[c.get("name")],
                                 "failed" if c in failed else "skipped" if c in skipped
                                 else "passed")
            properties = {p.get("name"): p.get("value") for p in suite.iter("property")}
            self.assertEqual(properties["suite_version"], report["suite_version"])
            self.assertEqual(properties["implementation"], report["implementation"])
            self.assertEqual(properties["preflight"], "passed")
            for check in report["preflight"]["checks"]:
                self.assertEqual(properties["preflight." + check["clause"]],
                                 "ok: " + check["detail"])
            seen += cases
        self.assertEqual(len(seen), len(status))
        # The flipped sign: a <failure> saying where the output diverges.
        failures = [c for c in seen if c.find("failure") is not None]
        self.assertEqual([c.get("name") for c in failures], [TARGET])
        failure = failures[0].find("failure")
        self.assertEqual(failure.get("type"), "divergence")
        self.assertIn("first difference: /sign: 1, expected -1", failure.get("message"))
        self.assertEqual(failure.text, as_shown(report["failures"][0]["detail"]))
        # The other families' operations are not in the example: skipped, with the reason.
        operation = {v["id"]: v["op"] for v in map(json.loads, golden_lines())}
        region = [c for c in seen if c.get("classname") == "region"]
        self.assertTrue(region)
        for c in region:
            self.assertEqual(c.find("skipped").get("message"), "operation %s not supported by "
                             "the implementation" % operation[c.get("name")])

    def test_junit_of_the_reference_counts_every_vector_and_nothing_failed(self):
        run = self.conformance("--quiet", name="reference")
        self.assertEqual(run.rc, 0, run.err)
        root = run.junit()
        every = suite_vectors()
        self.assertEqual(root.get("tests"), str(len(every)))
        self.assertEqual((root.get("failures"), root.get("skipped")), ("0", "0"))
        for suite in root.findall("testsuite"):
            names = [c.get("name") for c in suite.findall("testcase")]
            self.assertEqual(names, [i for i, f, _ in every if f == suite.get("name")])
        self.assertEqual(sum(len(s.findall("testcase")) for s in root.findall("testsuite")),
                         len(every))
        self.assertEqual(root.findall(".//failure") + root.findall(".//skipped"), [])
        # The run says where its reports are: all four.
        for name in ("report.md", "report.json", "report.html", "report.junit.xml"):
            self.assertTrue(os.path.exists(run.path(name)), name)
        markdown = run.text("report.md")
        self.assertIn("- Suite version: " + run.report["suite_version"], markdown)
        self.assertIn("- Implementation: " + run.report["implementation"], markdown)
        self.assertIn("- FP-environment preflight: passed", markdown)


if __name__ == "__main__":
    program = unittest.main(exit=False)
    result = program.result
    if result.testsRun and len(result.skipped) == result.testsRun:
        sys.exit(77)
    sys.exit(0 if result.wasSuccessful() else 1)
