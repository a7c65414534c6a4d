#!/usr/bin/env bash
# Builds the Debian package: release build of njtax-app and njtax, then cargo-deb with the
# [package.metadata.deb] table of the root Cargo.toml (binaries, desktop entry, metainfo, icons,
# the runtime libraries in Depends). Prints the .deb's path as its last line.
# Honours CARGO_TARGET_DIR. Installs cargo-deb (~1 min) if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo deb --version >/dev/null 2>&1; then
  echo "build-deb: installing cargo-deb" >&2
  cargo install cargo-deb --locked >&2
fi

echo "build-deb: cargo build --release" >&2
cargo build --release --locked --bin njtax-app --bin njtax >&2

# --no-build: use the binaries just built; --no-strip is not passed, so cargo-deb strips them.
target_dir="${CARGO_TARGET_DIR:-target}"
out_dir="$target_dir/njtax-deb"
rm -rf "$out_dir"
mkdir -p "$out_dir"
cargo deb --no-build --locked --output "$out_dir" >&2
deb=$(ls "$out_dir"/*.deb 2>/dev/null | head -n 1 || true)
[ -f "$deb" ] || { echo "build-deb: no .deb produced" >&2; exit 1; }
echo "build-deb: $(du -h "$deb" | cut -f1) $deb" >&2
echo "$deb"
