#!/usr/bin/env bash
# Provenance check: the committed family must be exactly what its writer
# produces from the documented generators and the oracles. A generator
# change that alters inputs, or an oracle that changes its mind, shows here.
#
#   check_regenerates.sh WRITER GOLDEN_FAMILY_DIR [writer args...]
set -euo pipefail
writer=$1 family=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$writer" "$tmp" "$@" >/dev/null
status=0
for f in "$tmp"/*.jsonl; do
  name=$(basename "$f")
  if ! cmp -s "$f" "$family/$name"; then
    echo "golden/$(basename "$family")/$name differs from what $(basename "$writer") writes now" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "$(ls "$tmp" | wc -l) files regenerate byte for byte"
exit $status
