#!/usr/bin/env bash
# Runs the stress-test canvas: in a window when a display exists, else headless with a PNG and a
# frame-time report. SDL_VIDEODRIVER=offscreen renders through the window path (Mesa EGL, OpenGL)
# without a display and writes the same files. Extra arguments go to swiftflow-stress
# (e.g. --nodes 20000, --open FILE); without a display, --frames, --screenshot, --report and
# --headless given there replace the defaults (120 frames, stress.png, stress-report.json).
set -euo pipefail
bin=$1; shift
if [[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]] && [[ ${SDL_VIDEODRIVER:-} != offscreen ]]; then
  exec "$bin" "$@"
fi
# The defaults of a run without a display; an option given in the arguments replaces its default.
defaults=()
given() { local a; for a in "${@:2}"; do [[ $a == "$1" ]] && return 0; done; return 1; }
screenshot=stress.png report=stress-report.json
for ((i = 1; i < $#; i++)); do
  [[ ${!i} == --screenshot ]] && { j=$((i + 1)); screenshot=${!j}; }
  [[ ${!i} == --report ]] && { j=$((i + 1)); report=${!j}; }
done
given --frames "$@" || defaults+=(--frames 120)
given --screenshot "$@" || defaults+=(--screenshot "$screenshot")
given --report "$@" || defaults+=(--report "$report")
if [[ ${SDL_VIDEODRIVER:-} == offscreen ]]; then
  echo "demo: SDL_VIDEODRIVER=offscreen: rendering through SDL's offscreen driver"
else
  echo "demo: no display (DISPLAY / WAYLAND_DISPLAY unset): rendering headless"
  given --headless "$@" || defaults+=(--headless)
fi
"$bin" "${defaults[@]}" "$@"
echo "demo: wrote $screenshot and $report"
