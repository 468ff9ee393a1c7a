#!/usr/bin/env bash
# Renders every demo of swiftflow-demo headlessly into docs/images/demo-NAME.png (1280x800).
# The layout demo first runs its layered left-to-right layout (docs/images/layout.replay).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product swiftflow-demo
bin=.build/release/swiftflow-demo
mkdir -p docs/images
for name in $($bin --list | cut -f1); do
  replay=()
  [[ -f docs/images/$name.replay ]] && replay=(--replay "docs/images/$name.replay")
  $bin "$name" --headless "${replay[@]}" --frames 2 --screenshot "docs/images/demo-$name.png"
done
