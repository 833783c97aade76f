#!/usr/bin/env python3
"""Checks golden/suite.json and every vector of every family against the
published JSON Schemas in golden/schema/ (docs/golden-format.md).

Also checks what a schema cannot: ids are unique across the suite, every
vector file belongs to a family listed in the manifest, and a vector's
expect.stages hold its expect.sha256 (the last stage is the output,
pipeline.stages).

usage: validate_schema.py GOLDEN_DIR [--schema-dir DIR] [--expect-errors N]

--expect-errors N turns the check around (for the suite broken on purpose in
tools/golden/testdata/): it passes only when exactly N errors are found.
"""
import argparse
import json
import pathlib
import sys

import jsonschema


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("golden_dir", type=pathlib.Path)
    parser.add_argument("--schema-dir", type=pathlib.Path, default=None)
    parser.add_argument("--expect-errors", type=int, default=None)
    args = parser.parse_args()
    golden = args.golden_dir
    schema_dir = args.schema_dir or golden / "schema"
    suite_schema = json.loads((schema_dir / "suite.schema.json").read_text())
    vector_schema = json.loads((schema_dir / "vector.schema.json").read_text())
    suite = json.loads((golden / "suite.json").read_text())
    errors = [f"suite.json: {e.message}" for e in
              jsonschema.Draft202012Validator(suite_schema).iter_errors(suite)]
    validator = jsonschema.Draft202012Validator(vector_schema)
    ids = {}
    count = 0
    for family in suite.get("families", []):
        files = sorted((golden / family).glob("*.jsonl"))
        if not files:
            errors.append(f"{family}: no .jsonl files")
        for path in files:
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if not line.strip():
                    continue
                where = f"{path.relative_to(golden)}:{number}"
                try:
                    vector = json.loads(line)
                except json.JSONDecodeError as e:
                    errors.append(f"{where}: not JSON: {e}")
                    continue
                for e in validator.iter_errors(vector):
                    errors.append(f"{where}: {e.message}")
                expect = vector.get("expect")
                if (isinstance(expect, dict) and isinstance(expect.get("stages"), dict)
                        and "sha256" in expect):
                    if expect["sha256"] not in expect["stages"].values():
                        errors.append(f"{where}: no stage of expect.stages hashes to "
                                      "expect.sha256 (the last stage is the output)")
                vid = vector.get("id")
                if vid in ids:
                    errors.append(f"{where}: id {vid} also at {ids[vid]}")
                ids[vid] = where
                count += 1
    listed = set(suite.get("families", []))
    for path in golden.rglob("*.jsonl"):
        # A family is the folder path under golden/: "region", "build3d/spans".
        if path.parent.relative_to(golden).as_posix() not in listed:
            errors.append(f"{path.relative_to(golden)}: family not listed in suite.json")
    for e in errors[:50]:
        print(e, file=sys.stderr)
    if args.expect_errors is not None:
        ok = len(errors) == args.expect_errors
        print(f"schema: {len(errors)} errors found, {args.expect_errors} expected: "
              + ("ok" if ok else "MISMATCH"))
        return 0 if ok else 1
    if errors:
        print(f"schema: {len(errors)} errors in {count} vectors", file=sys.stderr)
        return 1
    print(f"schema: {count} vectors valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
