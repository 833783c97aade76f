#!/usr/bin/env python3
"""The example adapter with one deliberate fault, for the runner's own tests.

    misbehaving_adapter.py flip ID      answers the opposite sign for vector ID
    misbehaving_adapter.py crash ID     dies on vector ID (exit 3, last words on stderr)
    misbehaving_adapter.py hang ID      never answers vector ID
    misbehaving_adapter.py garbage ID   answers vector ID with a line that is not JSON
    misbehaving_adapter.py blank ID     writes blank lines before the answer (allowed)

Everything else is conformance/adapters/python_predicates_adapter.py.
"""
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "adapters"))
import python_predicates_adapter as example  # noqa: E402

MODE, TARGET = sys.argv[1], sys.argv[2]
FLIPPED = {"01": "ff", "ff": "01", "00": "01"}


def answer(msg):
    if msg.get("id") != TARGET:
        return example.answer(msg)
    if MODE == "flip":
        reply = example.answer(msg)
        reply["output"] = FLIPPED[reply["output"]]
        return reply
    if MODE == "crash":
        print("misbehaving adapter: crashing on purpose at " + TARGET, file=sys.stderr, flush=True)
        os._exit(3)
    if MODE == "hang":
        time.sleep(3600)
    if MODE == "blank":
        print("\n \r", flush=True)
        return example.answer(msg)
    print("this line is not JSON", flush=True)  # the runner takes it as the answer
    return example.answer(msg)


print("misbehaving adapter: mode %s, target %s" % (MODE, TARGET), file=sys.stderr, flush=True)
example.main(answer)
