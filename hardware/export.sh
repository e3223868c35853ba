#!/usr/bin/env bash
# Re-export every printable part of hardware/stand.scad to hardware/stl/<part>.stl.
#
#   bash hardware/export.sh                         the default stand
#   bash hardware/export.sh -D camera_height=120    any parameter, as openscad -D takes it
#
# Needs OpenSCAD 2021.01 or newer on PATH (Debian: apt-get install openscad).
# Extra arguments go to every openscad call, so the parts always match.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
parts=(base_left base_right upright arm_cm3 arm_webcam guide_card guide_mini guide_hex led_diffuser)

if ! command -v openscad >/dev/null 2>&1; then
    echo "openscad is not installed: install it (Debian: apt-get install openscad) and run this again." >&2
    exit 1
fi
mkdir -p "$here/stl"
for part in "${parts[@]}"; do
    echo "exporting $part"
    openscad --quiet --export-format binstl -D "part=\"$part\"" "$@" \
        -o "$here/stl/$part.stl" "$here/stand.scad"
done
echo "done: ${#parts[@]} parts in $here/stl"
