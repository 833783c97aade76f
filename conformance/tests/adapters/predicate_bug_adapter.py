#!/usr/bin/env python3
"""The example predicates adapter with a porter's mistake on every input of
a kind, for the tests of the reducer (onepath reduce) on predicates:

    predicate_bug_adapter.py lose-sign S   answers sign 0 wherever the sign is S
                                           (S is 1 or -1), for both predicates
    predicate_bug_adapter.py nan-passes    answers sign 0 for an input holding a
                                           NaN (its domain check lets NaN through)

Everything else is conformance/adapters/python_predicates_adapter.py.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "adapters"))
import python_predicates_adapter as example  # noqa: E402

MODE = sys.argv[1]
LOST = "%02x" % (int(sys.argv[2]) & 0xFF) if MODE == "lose-sign" else None


def answer(msg):
    if "op" in msg and MODE == "nan-passes" and "NaN" in str(msg["input"]):
        return {"id": msg["id"], "output": "00"}
    reply = example.answer(msg)
    if reply and reply.get("output") == LOST:
        reply["output"] = "00"
    return reply


example.main(answer)
