#!/usr/bin/env bash
# Runs the stress-test canvas: in a window when a display exists, else headless with a PNG and a
# frame-time report. SDL_VIDEODRIVER=offscreen renders through the window path (Mesa EGL, OpenGL)
# without a display and writes the same files. Extra arguments go to swiftflow-stress
# (e.g. --nodes 20000, --open FILE).
set -euo pipefail
bin=$1; shift
if [[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]] && [[ ${SDL_VIDEODRIVER:-} != offscreen ]]; then
  exec "$bin" "$@"
fi
if [[ ${SDL_VIDEODRIVER:-} == offscreen ]]; then
  echo "demo: SDL_VIDEODRIVER=offscreen: rendering through SDL's offscreen driver"
  "$bin" --frames 120 --screenshot stress.png --report stress-report.json "$@"
else
  echo "demo: no display (DISPLAY / WAYLAND_DISPLAY unset): rendering headless"
  "$bin" --headless --frames 120 --screenshot stress.png --report stress-report.json "$@"
fi
echo "demo: wrote $(pwd)/stress.png and $(pwd)/stress-report.json"
