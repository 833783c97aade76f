#!/usr/bin/env python3
"""Checks that a rewritten golden file changed nothing but one added key.

    same_apart_from.py OLD.jsonl NEW.jsonl KEY.PATH

Every line of NEW must be the line of OLD at the same place with KEY.PATH
(e.g. expect.stages) added, and nothing else changed: compared field by
field, numbers as their literal text (so -0.0 is not 0.0 and no float is
re-rounded), and byte for byte once the added key is cut out of NEW's text.
OLD must not have the key. Lines of NEW may leave the key out.
Exit status 0 when so; else 1, naming the first lines that differ.
"""
import json
import sys


def parse(line):
    return json.loads(line, parse_float=str, parse_int=str)


def pop(doc, path):
    """Removes doc[path[0]][path[1]]…; returns the removed value, or None."""
    for key in path[:-1]:
        if not isinstance(doc, dict) or key not in doc:
            return None
        doc = doc[key]
    return doc.pop(path[-1], None) if isinstance(doc, dict) else None


def cut_key(text, name):
    """`text` without the member "name": value (and one comma next to it)."""
    start = text.index('"%s":' % name)
    _, end = json.JSONDecoder().raw_decode(text, start + len(name) + 3)
    if text[end] == ",":
        return text[:start] + text[end + 1:]
    return text[:start - 1] + text[end:]  # the last member: the comma before it


def main():
    old_path, new_path, key = sys.argv[1:4]
    path = key.split(".")
    old = [l for l in open(old_path).read().splitlines() if l.strip()]
    new = [l for l in open(new_path).read().splitlines() if l.strip()]
    problems = []
    if len(old) != len(new):
        problems.append("%d lines, expected %d" % (len(new), len(old)))
    added = 0
    for number, (o, n) in enumerate(zip(old, new), 1):
        old_doc, new_doc = parse(o), parse(n)
        if pop(old_doc, path) is not None:
            problems.append("line %d: the old line already has %s" % (number, key))
        value = pop(new_doc, path)
        if old_doc != new_doc:
            problems.append("line %d: a field other than %s differs" % (number, key))
            continue
        if value is None:
            if o != n:
                problems.append("line %d: the text differs" % number)
            continue
        added += 1
        cut = cut_key(n, path[-1])
        if cut != o:
            problems.append("line %d: not byte for byte the old line once %s is cut out"
                            % (number, key))
    for p in problems[:20]:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print("%s: %d lines, %s added to %d, every other field and byte the same"
          % (new_path, len(new), key, added))
    return 0


if __name__ == "__main__":
    sys.exit(main())
