#!/usr/bin/env bash
# Installs every Debian package the project needs to build, test and run the
# conformance suite. Idempotent: when everything is present it prints nothing
# and does not touch apt. Run as root (or with sudo available).
set -euo pipefail

packages=(
  # build
  meson ninja-build pkg-config g++ clang-14 clang-format-14
  # libFuzzer runtime for clang 14
  libclang-rt-14-dev
  # library dependencies (hashing, JSON, CLI, PNG pictures)
  libssl-dev nlohmann-json3-dev libcli11-dev libfmt-dev zlib1g-dev
  # reading GoogleTest's XML results for the compliance report
  libexpat1-dev
  # tests, properties, benchmarks
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  # Clipper 6.4.2: a peer in the arrangement benchmark only (tools/bench), never in src/
  libpolyclipping-dev
  # oracles (never linked into src/)
  libboost-dev libcgal-dev libgmp-dev libmpfr-dev
  # Recast e75adf8: the oracle of the 3D span stages (oracles/recast), never in src/
  librecast-dev
  # golden-format schema check
  python3 python3-jsonschema
  # golden-only coverage of src/ (tools/golden-coverage.sh, nightly)
  gcovr
  # the HTML compliance report, rendered headless in the test suite
  chromium
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done" >&2
