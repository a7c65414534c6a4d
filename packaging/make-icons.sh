#!/usr/bin/env bash
# Regenerates the PNG icons under assets/icons/hicolor/ from assets/njtax.svg. The PNGs are committed;
# run this after changing the SVG. Needs rsvg-convert (apt librsvg2-bin); ImageMagick's `convert` reads
# SVG through that same program, then scales down to the small sizes and strips timestamps.
set -euo pipefail
cd "$(dirname "$0")/.."
svg=assets/njtax.svg
command -v rsvg-convert >/dev/null || { echo "make-icons: rsvg-convert not found (apt install librsvg2-bin)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for size in 16 32 48 64 128 256 512; do
  dir="assets/icons/hicolor/${size}x${size}/apps"
  mkdir -p "$dir"
  # Render the vector at the target size (sharp at 256 and 512, where the SVG's own 128 px would be blurred).
  rsvg-convert -w "$size" -h "$size" -f png -o "$tmp/icon.png" "$svg"
  if command -v convert >/dev/null; then
    # Normalise to 8-bit RGBA with no text chunks or timestamps, so regenerating an unchanged SVG is a no-op.
    convert "$tmp/icon.png" -strip -define png:exclude-chunks=date,time "PNG32:$dir/org.njtax.njtax.png"
  else
    cp "$tmp/icon.png" "$dir/org.njtax.njtax.png"
  fi
done
echo "icons written under assets/icons/hicolor/"
