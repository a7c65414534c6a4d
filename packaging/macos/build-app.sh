#!/usr/bin/env bash
# Builds "NJ Income Tax.app" (one universal binary for Apple silicon and Intel Macs) and a .dmg
# holding it, on a Mac with Xcode's command line tools (xcode-select --install) and rustup:
#
#   bash packaging/macos/build-app.sh
#
# Written for a Mac and NOT run by this project's CI (which only runs `cargo check` for both macOS
# targets, .ci/macos-check): expect to adjust it the first time. Signs ad hoc (`codesign -s -`):
# Gatekeeper still warns on other Macs (packaging/README.md says what users see). Set
# NJTAX_CODESIGN_ID to a "Developer ID Application: ..." identity to sign for distribution, then
# notarise the .dmg (xcrun notarytool) and staple it. Prints the .dmg's path as its last line.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac

[ "$(uname -s)" = Darwin ] || { echo "build-app: run this on a Mac (lipo, iconutil, hdiutil and codesign are macOS tools)" >&2; exit 1; }
for tool in lipo iconutil hdiutil codesign sips plutil; do
  command -v "$tool" >/dev/null || { echo "build-app: $tool not found (xcode-select --install)" >&2; exit 1; }
done

pkgid=$(cargo pkgid --locked -p njtax)
version="${pkgid##*[@#]}"
case "$version" in
  [0-9]*.[0-9]*.[0-9]*) ;;
  *) echo "build-app: cannot read the version from '$pkgid'" >&2; exit 1 ;;
esac

# 1. Both architectures, each with its minimum macOS (the same as Info.plist's
#    LSMinimumSystemVersionByArchitecture), then one universal binary of each program.
rustup target add aarch64-apple-darwin x86_64-apple-darwin >&2
MACOSX_DEPLOYMENT_TARGET=11.0 cargo build --release --locked --target aarch64-apple-darwin --bin njtax-app --bin njtax >&2
MACOSX_DEPLOYMENT_TARGET=10.12 cargo build --release --locked --target x86_64-apple-darwin --bin njtax-app --bin njtax >&2
out="$target_dir/njtax-macos"
rm -rf "$out"
mkdir -p "$out"
for bin in njtax-app njtax; do
  lipo -create -output "$out/$bin" \
    "$target_dir/aarch64-apple-darwin/release/$bin" "$target_dir/x86_64-apple-darwin/release/$bin"
  lipo -info "$out/$bin" >&2
done

# 2. The icon: an iconset from the committed PNGs (each size and its @2x from the next size up).
iconset="$out/njtax.iconset"
mkdir -p "$iconset"
png() { echo "assets/icons/hicolor/${1}x${1}/apps/org.njtax.njtax.png"; }
for size in 16 32 128 256 512; do
  cp "$(png "$size")" "$iconset/icon_${size}x${size}.png"
done
cp "$(png 32)" "$iconset/icon_16x16@2x.png"
cp "$(png 64)" "$iconset/icon_32x32@2x.png"
cp "$(png 256)" "$iconset/icon_128x128@2x.png"
cp "$(png 512)" "$iconset/icon_256x256@2x.png"
# 1024 px: from the SVG where rsvg-convert is installed (brew install librsvg), else the 512 px PNG
# scaled up (a little soft on a Retina screen's largest icon views).
if command -v rsvg-convert >/dev/null; then
  rsvg-convert -w 1024 -h 1024 -f png -o "$iconset/icon_512x512@2x.png" assets/njtax.svg
else
  sips -z 1024 1024 "$(png 512)" --out "$iconset/icon_512x512@2x.png" >/dev/null
fi
iconutil -c icns -o "$out/njtax.icns" "$iconset"

# 3. The bundle: the app, the command line program beside it, the README and the licences.
app="$out/NJ Income Tax.app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
sed "s/@VERSION@/$version/g" packaging/macos/Info.plist >"$app/Contents/Info.plist"
plutil -lint "$app/Contents/Info.plist" >&2
cp "$out/njtax-app" "$out/njtax" "$app/Contents/MacOS/"
cp "$out/njtax.icns" "$app/Contents/Resources/"
cp README.md LICENSE-MIT LICENSE-APACHE "$app/Contents/Resources/"
cp assets/fonts/DejaVu-LICENSE.txt "$app/Contents/Resources/DejaVu-fonts-LICENSE.txt"
printf 'APPL????' >"$app/Contents/PkgInfo"

# 4. Sign: ad hoc unless a Developer ID is given (Apple silicon refuses to run unsigned code at
#    all; ad hoc is enough to run on the Mac that built it). The hardened runtime is what
#    notarisation asks for.
identity="${NJTAX_CODESIGN_ID:--}"
if [ "$identity" = "-" ]; then
  codesign --force --sign - "$app/Contents/MacOS/njtax"
  codesign --force --sign - "$app"
else
  codesign --force --options runtime --timestamp --sign "$identity" "$app/Contents/MacOS/njtax"
  codesign --force --options runtime --timestamp --sign "$identity" "$app"
fi
codesign --verify --strict --verbose=2 "$app" >&2

# 5. The disk image: the app and a link to /Applications to drag it onto.
staging="$out/dmg"
mkdir -p "$staging"
cp -R "$app" "$staging/"
ln -s /Applications "$staging/Applications"
dmg="$out/njtax-$version-macos-universal.dmg"
hdiutil create -volname "NJ Income Tax $version" -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$dmg" >&2
[ "$identity" = "-" ] || codesign --force --timestamp --sign "$identity" "$dmg"
echo "build-app: $(du -h "$dmg" | cut -f1) $dmg" >&2
echo "$dmg"
