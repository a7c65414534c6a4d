#!/usr/bin/env bash
# Builds the Windows installer (NSIS, packaging/windows/njtax.nsi) on Linux or in a POSIX shell on
# Windows: builds njtax-app.exe and njtax.exe for x86_64-pc-windows-gnu (release, thin LTO), then
# makensis. Prints the installer's path as its last line.
#
#   bash packaging/windows/build-installer.sh
#
# Needs makensis (Debian/Ubuntu: apt install nsis) and, to build the .exe files on Linux, MinGW-w64
# (apt install gcc-mingw-w64-x86-64-posix; rustup target add x86_64-pc-windows-gnu).
# NJTAX_WIN_PROFILE=dev: package the unoptimised test build (for CI's installer check, never a
# release). NJTAX_WIN_EXE_DIR=DIR: package the two .exe files already in DIR, without building.
# NJTAX_NSIS_COMPRESSOR=zlib: compress fast and larger (CI's check); the default, lzma, is for
# releases. Honours CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
target=x86_64-pc-windows-gnu
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac

command -v makensis >/dev/null || {
  echo "build-installer: makensis not found (Debian/Ubuntu: apt install nsis)" >&2
  exit 1
}

if [ -n "${NJTAX_WIN_EXE_DIR:-}" ]; then
  exe_dir=$(cd "$NJTAX_WIN_EXE_DIR" && pwd)
else
  profile="${NJTAX_WIN_PROFILE:-release}"
  case "$profile" in
    release)
      echo "build-installer: cargo build --release --target $target" >&2
      cargo build --release --locked --target "$target" --bin njtax-app --bin njtax >&2
      exe_dir="$target_dir/$target/release"
      ;;
    dev)
      echo "build-installer: cargo build --target $target (dev profile, for a CI check; not a release)" >&2
      cargo build --locked --target "$target" --bin njtax-app --bin njtax >&2
      exe_dir="$target_dir/$target/debug"
      ;;
    *)
      echo "build-installer: NJTAX_WIN_PROFILE must be release or dev, not '$profile'" >&2
      exit 2
      ;;
  esac
fi
for exe in njtax-app.exe njtax.exe; do
  [ -f "$exe_dir/$exe" ] || { echo "build-installer: $exe_dir/$exe is missing" >&2; exit 1; }
done

# Copies without their symbol tables (the debug build's .exe files are over 100 MB each): what is
# installed is what users run, and smaller. The resources (icon, version, manifest) stay.
# (MinGW's strip on Linux; a Windows shell's own MinGW strip is plain `strip`.)
strip_tool=x86_64-w64-mingw32-strip
command -v "$strip_tool" >/dev/null || strip_tool="strip"
command -v "$strip_tool" >/dev/null || { echo "build-installer: no strip for Windows programs (apt install binutils-mingw-w64-x86-64)" >&2; exit 1; }
stage="$target_dir/njtax-installer/stage"
rm -rf "$stage"
mkdir -p "$stage"
for exe in njtax-app.exe njtax.exe; do
  "$strip_tool" -o "$stage/$exe" "$exe_dir/$exe"
done

compressor="${NJTAX_NSIS_COMPRESSOR:-lzma}"
case "$compressor" in
  lzma) compressor="/SOLID lzma" ;;
  zlib) ;;
  *) echo "build-installer: NJTAX_NSIS_COMPRESSOR must be lzma or zlib, not '$compressor'" >&2; exit 2 ;;
esac

# The package's version, as cargo reads it (path+file:///…#njtax@0.1.0).
pkgid=$(cargo pkgid --locked -p njtax)
version="${pkgid##*[@#]}"
case "$version" in
  [0-9]*.[0-9]*.[0-9]*) ;;
  *) echo "build-installer: cannot read the version from '$pkgid'" >&2; exit 1 ;;
esac
# Windows' four version numbers: 1.2.3-rc.1 gives 1.2.3.0.
numbers="${version%%[-+]*}.0"

out_dir="$target_dir/njtax-installer"
mkdir -p "$out_dir"
out="$out_dir/njtax-$version-windows-x86_64-setup.exe"
rm -f "$out"
echo "build-installer: makensis ($exe_dir, $compressor)" >&2
makensis -V2 -NOCD \
  "-DVERSION=$version" "-DVERSION_NUMBERS=$numbers" "-DROOT=$root" "-DEXE_DIR=$stage" \
  "-DCOMPRESSOR=$compressor" "-DOUT_FILE=$out" packaging/windows/njtax.nsi >&2
[ -f "$out" ] || { echo "build-installer: makensis wrote no installer" >&2; exit 1; }
echo "build-installer: $(du -h "$out" | cut -f1) $out" >&2
echo "$out"
