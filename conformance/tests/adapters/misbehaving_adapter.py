#!/usr/bin/env python3
"""The example adapter with one deliberate fault, for the runner's own tests.

    misbehaving_adapter.py flip ID      answers the opposite sign for vector ID
    misbehaving_adapter.py crash ID     dies on vector ID (exit 3, last words on stderr)
    misbehaving_adapter.py hang ID      never answers vector ID
    misbehaving_adapter.py garbage ID   answers vector ID with a line that is not JSON
    misbehaving_adapter.py blank ID     writes blank lines before the answer (allowed)
    misbehaving_adapter.py segv ID      dies on vector ID by SIGSEGV
    misbehaving_adapter.py typo ID      announces "Predicates.orient2d" (a typo) for Orient2D
    misbehaving_adapter.py crash-all -  dies on every request (an adapter broken from the start)
    misbehaving_adapter.py noflush -    never flushes standard output (the handshake never arrives)
    misbehaving_adapter.py noflush-answers -
                                        flushes the handshake, never an answer

Everything else is conformance/adapters/python_predicates_adapter.py.
"""
import io
import json
import os
import signal
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "adapters"))
import python_predicates_adapter as example  # noqa: E402

MODE, TARGET = sys.argv[1], sys.argv[2]
FLIPPED = {"01": "ff", "ff": "01", "00": "01"}


def answer(msg):
    if MODE == "typo" and "protocol" in msg:
        reply = example.answer(msg)
        reply["operations"] = ["Predicates.InCircle", "Predicates.orient2d"]
        return reply
    if MODE == "crash-all" and "id" in msg:
        print("misbehaving adapter: cannot decode %s" % msg["id"], file=sys.stderr, flush=True)
        os._exit(1)
    if msg.get("id") != TARGET:
        return example.answer(msg)
    if MODE == "flip":
        reply = example.answer(msg)
        reply["output"] = FLIPPED[reply["output"]]
        return reply
    if MODE == "crash":
        print("misbehaving adapter: crashing on purpose at " + TARGET, file=sys.stderr, flush=True)
        os._exit(3)
    if MODE == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if MODE == "hang":
        time.sleep(3600)
    if MODE == "blank":
        print("\n \r", flush=True)
        return example.answer(msg)
    print("this line is not JSON", flush=True)  # the runner takes it as the answer
    return example.answer(msg)


def main_without_flushing(flush_handshake):
    """The example's loop, written as a porter who forgets to flush would:
    standard output on a pipe is block-buffered, so nothing reaches the runner
    (made so here whatever PYTHONUNBUFFERED or -u say)."""
    out = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False), 65536),
                           line_buffering=False, write_through=False)
    for line in sys.stdin:
        if line.strip():
            msg = json.loads(line)
            reply = example.answer(msg)
            if reply is None:
                return
            out.write(json.dumps(reply, separators=(",", ":")) + "\n")
            if flush_handshake and "protocol" in msg:
                out.flush()


print("misbehaving adapter: mode %s, target %s" % (MODE, TARGET), file=sys.stderr, flush=True)
if MODE.startswith("noflush"):
    main_without_flushing(MODE == "noflush-answers")
else:
    example.main(answer)
