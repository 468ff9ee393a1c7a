#!/usr/bin/env bash
# The interactive check of BENCHMARKS.md: swiftflow-stress --nodes N (default 100000) in a real
# window on a private Xvfb (a free display picked by Xvfb itself), panning, zooming and
# connecting through scripts/interactive-check.replay; prints the frame report (median and p95
# CPU frame time in ms, visible elements, vertices). Further arguments go to swiftflow-stress
# (e.g. --backend sdl).
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-100000}
swift build -c release --product swiftflow-stress >/dev/null
work=$(mktemp -d)
Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp 5>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [[ -s $work/display ]] && break; sleep 0.1; done
[[ -s $work/display ]] || { echo "interactive-check: Xvfb did not start: $(cat "$work/xvfb.log")" >&2; exit 1; }
DISPLAY=:$(cat "$work/display") .build/release/swiftflow-stress --nodes "$nodes" \
  --replay scripts/interactive-check.replay --report "$work/report.json" "${@:2}"
cat "$work/report.json"
echo
