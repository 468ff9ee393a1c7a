#!/usr/bin/env bash
# Runs the stress-test canvas: in a window when a display exists, else headless with a PNG and a
# frame-time report. Extra arguments go to swiftflow-stress (e.g. --nodes 20000, --open FILE).
set -euo pipefail
bin=$1; shift
if [[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]]; then
  exec "$bin" "$@"
fi
echo "demo: no display (DISPLAY / WAYLAND_DISPLAY unset): rendering headless"
"$bin" --headless --frames 120 --screenshot stress.png --report stress-report.json "$@"
echo "demo: wrote $(pwd)/stress.png and $(pwd)/stress-report.json"
