#!/usr/bin/env python3
"""The reference adapter with one wrong pipeline stage, for the runner's own tests.

    stage_breaking_adapter.py ADAPTER shrunk ID
        answers vector ID with the right output but a wrong "shrunk" stage
    stage_breaking_adapter.py ADAPTER output-and-shrunk ID
        answers vector ID with a wrong output and a wrong "shrunk" stage

Everything else is what ADAPTER (onepath-adapter) answers: this script
passes every line through and changes only that one answer (the last byte
of each broken part flipped).
"""
import json
import subprocess
import sys

ADAPTER, MODE, TARGET = sys.argv[1:4]


def flipped(hex_bytes):
    return hex_bytes[:-2] + "%02x" % (int(hex_bytes[-2:], 16) ^ 1)


def main():
    reference = subprocess.Popen([ADAPTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        reference.stdin.write(line)
        reference.stdin.flush()
        if json.loads(line).get("shutdown"):
            break
        reply = json.loads(reference.stdout.readline())
        if reply.get("id") == TARGET:
            reply["stages"]["shrunk"] = flipped(reply["stages"]["shrunk"])
            if MODE == "output-and-shrunk":
                reply["output"] = flipped(reply["output"])
        print(json.dumps(reply, separators=(",", ":")), flush=True)
    reference.stdin.close()
    reference.wait()


if __name__ == "__main__":
    main()
