#!/usr/bin/env bash
# Regenerates the PNG icons under assets/icons/hicolor/ and the Windows icon assets/njtax.ico from
# assets/njtax.svg. They are committed; run this after changing the SVG. Needs rsvg-convert (apt
# librsvg2-bin); ImageMagick's `convert` (apt imagemagick) strips timestamps from the PNGs and is
# required for the .ico.
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

# The Windows icon (build.rs puts it in both .exe files; the installer and its Start menu entry use
# it too): every size Windows asks for at 100-250 % display scaling, each rendered from the vector.
# ImageMagick stores the small sizes as 32-bit bitmaps and 256 px as PNG (Windows Vista and later),
# with no timestamps, so regenerating an unchanged SVG gives the same bytes.
command -v convert >/dev/null || { echo "make-icons: ImageMagick's convert not found (apt install imagemagick): assets/njtax.ico not made" >&2; exit 1; }
ico_pngs=()
for size in 16 20 24 32 40 48 64 256; do
  rsvg-convert -w "$size" -h "$size" -f png -o "$tmp/ico-$size.png" "$svg"
  ico_pngs+=("$tmp/ico-$size.png")
done
convert "${ico_pngs[@]}" -strip -define png:exclude-chunks=date,time "$tmp/njtax.ico"
mv "$tmp/njtax.ico" assets/njtax.ico
echo "icons written under assets/icons/hicolor/ and to assets/njtax.ico"
