#!/usr/bin/env python3
"""meson test fuzz-targets-list: fuzz/targets.txt agrees with fuzz/*.cpp,
the .options and .dict files and fuzz/regressions/ of this checkout, and
the check finds each kind of disagreement in a copy broken on purpose."""
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_targets  # noqa: E402

ROOT = fuzz_targets.ROOT


class FuzzTargetsList(unittest.TestCase):
    def test_this_checkout_agrees(self):
        self.assertEqual(fuzz_targets.check(ROOT), [])
        # The twelve targets of issue 24, with region_metamorphic among them.
        self.assertGreaterEqual(len(fuzz_targets.names()), 12)
        self.assertIn("region_metamorphic", fuzz_targets.names())

    def broken(self, change):
        """The problems found in a copy of fuzz/ (without regressions' files)
        after change(root)."""
        with tempfile.TemporaryDirectory() as root:
            fuzz = os.path.join(root, "fuzz")
            os.makedirs(os.path.join(fuzz, "regressions"))
            for name in os.listdir(os.path.join(ROOT, "fuzz")):
                path = os.path.join(ROOT, "fuzz", name)
                if os.path.isfile(path):
                    shutil.copy(path, fuzz)
            for target in fuzz_targets.names():
                os.makedirs(os.path.join(fuzz, "regressions", target))
            self.assertEqual(fuzz_targets.check(root), [])
            change(fuzz)
            return fuzz_targets.check(root)

    def assertFinds(self, change, words):
        problems = self.broken(change)
        self.assertTrue(any(words in p for p in problems), problems)

    def test_an_unlisted_target_is_found(self):
        def add(fuzz):
            with open(os.path.join(fuzz, "extra.cpp"), "w") as f:
                f.write('extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, '
                        'unsigned long) { return 0; }\n')
        self.assertFinds(add, "extra is not in fuzz/targets.txt")

    def test_a_listed_target_without_source_is_found(self):
        self.assertFinds(lambda fuzz: os.remove(os.path.join(fuzz, "cdt.cpp")),
                         "fuzz/cdt.cpp does not exist")

    def test_a_missing_regressions_folder_is_found(self):
        self.assertFinds(lambda fuzz: os.rmdir(os.path.join(fuzz, "regressions", "offset")),
                         "fuzz/regressions/offset/ does not exist")

    def test_a_stray_regressions_folder_is_found(self):
        self.assertFinds(lambda fuzz: os.makedirs(os.path.join(fuzz, "regressions", "old")),
                         "fuzz/regressions/old/ belongs to no target")

    def test_a_stray_options_file_is_found(self):
        def add(fuzz):
            with open(os.path.join(fuzz, "old.options"), "w") as f:
                f.write("[libfuzzer]\nmax_len = 4\n")
        self.assertFinds(add, "fuzz/old.options belongs to no target")

    def test_a_missing_dict_is_found(self):
        self.assertFinds(lambda fuzz: os.remove(os.path.join(fuzz, "shrink.dict")),
                         "names dict shrink.dict, which does not exist")

    def test_a_wrong_oracle_field_is_found(self):
        def edit(fuzz):
            path = os.path.join(fuzz, "targets.txt")
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(text.replace("\npredicates ", "\n# predicates ", 1) +
                        "predicates 10 -\n")
        self.assertFinds(edit, "includes an oracles/ header but is listed with oracle -")

    def test_a_bad_line_is_found(self):
        def edit(fuzz):
            with open(os.path.join(fuzz, "targets.txt"), "a") as f:
                f.write("cdt many\n")
        self.assertFinds(edit, "want \"target smoke oracle\"")


if __name__ == "__main__":
    unittest.main()
