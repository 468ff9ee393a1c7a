#!/usr/bin/env bash
# The GPU check of issue 17 (BENCHMARKS.md, "gl frame" rows): builds the bench and the stress
# runner in release and runs the render workloads through EGL on the machine's GPU, with no
# display (SDL's offscreen video driver; on an NVIDIA machine glvnd picks NVIDIA's EGL). Writes
# every figure to FILE (default gpu-check.txt): the GL renderer string, nvidia-smi's view of the
# GPU, the bench's "gl frame" rows (GL backend against the SDL_Renderer backend in one process)
# and the stress runner's frame reports (fitted N = 10,000 / 100,000 / 1,000,000 on both backends).
# NODES="10000 100000" limits the stress sizes. Never run by CI; nothing depends on it. Exits 1 when the renderer is Mesa's llvmpipe (no GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-gpu-check.txt}")
export SDL_VIDEODRIVER=offscreen
swift build -c release --product swiftflow-bench >/dev/null
swift build -c release --product swiftflow-stress >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo "# gpu-check $(date -u +%FT%TZ) on $(uname -n), $(nproc) cores"
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  echo "## swiftflow-bench --filter 'gl frame'"
  .build/release/swiftflow-bench --filter "gl frame" --json "$work/bench.json" 2>&1
  for nodes in ${NODES:-10000 100000 1000000}; do
    for backend in gl sdl; do
      echo "## swiftflow-stress --nodes $nodes --backend $backend (fitted, 120 frames)"
      .build/release/swiftflow-stress --nodes "$nodes" --backend "$backend" --frames 120 \
        --report "$work/report.json" 2>&1 | tail -5
      cat "$work/report.json"; echo
    done
  done
} | tee "$out"
if grep -q "llvmpipe" "$out"; then
  echo "gpu-check: the renderer is llvmpipe (software): these are not GPU figures" >&2
  exit 1
fi
echo "gpu-check: wrote $out"
