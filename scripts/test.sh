#!/usr/bin/env bash
# Builds and runs every test: the XCTest suites (core, canvas, SDL — the SDL ones open real
# windows on Xvfb and the offscreen driver), then the black-box conformance cases of
# ../shared/conformance against the release build of swiftflow-stress.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift test --skip-build

swift build -c release --product swiftflow-stress
if [[ -f ../shared/conformance/run ]]; then
  python3 ../shared/conformance/run --bin .build/release/swiftflow-stress
else
  echo "test: ../shared/conformance not found beside the repository; conformance cases not run" >&2
  exit 1
fi
