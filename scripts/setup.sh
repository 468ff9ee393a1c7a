#!/usr/bin/env bash
# Installs the Debian packages SwiftFlow builds, tests and demos with — only those missing.
set -euo pipefail

packages=(
  pkg-config
  libx11-dev                                      # Xlib's resource manager: Xft.dpi for the X11 display scale (CX11)
  libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev   # SDL2 + text + PNG (CSDL2 system library)
  libfontconfig-dev fonts-dejavu-core             # font lookup and a font to find
  fonts-wqy-zenhei fonts-symbola                  # fallback fonts for what DejaVu lacks: CJK (WenQuanYi Zen Hei), symbols and emoji outlines (Symbola)
  libegl1 libegl-mesa0 libgl1-mesa-dri            # Mesa (llvmpipe) for the GL backend and SDL's GL renderer:
  libgl1 libglx-mesa0 libwayland-egl1             #   EGL (offscreen, Wayland) and GLX (X11)
  xvfb xauth                                      # a real X server for the window tests
  x11-xserver-utils                               # xrdb: sets Xft.dpi on the test Xvfb (X11 HiDPI tests)
  weston                                          # a Wayland compositor (x11 backend, nested in Xvfb) for the display-path tests
  libdecor-0-plugin-1-cairo                       # title bars of Wayland windows (libdecor's plugin, only a Recommends of libdecor-0-0)
  xdotool                                         # real pointer input (XTEST) for the HiDPI display-path tests
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

command -v swift >/dev/null || { echo "setup: the Swift toolchain is not on PATH (expected /opt/swift/usr/bin)"; exit 1; }
command -v python3 >/dev/null || { echo "setup: python3 is needed for the conformance cases"; exit 1; }
