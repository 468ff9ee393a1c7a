#!/usr/bin/env bash
# Renders every demo of swiftflow-demo headlessly into docs/images/demo-NAME.png (1280x800).
# A demo with docs/images/NAME.replay plays it first (e.g. layout runs its layered layout);
# demo-workflow-dark.png shows the dark theme.
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
$bin workflow --headless --theme dark --frames 2 --screenshot docs/images/demo-workflow-dark.png
