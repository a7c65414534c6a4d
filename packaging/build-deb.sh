#!/usr/bin/env bash
# Builds the Debian package: release build of njtax-app and njtax (NJTAX_DEB_PROFILE=dev: the
# test build, for CI's package check only), then cargo-deb with the
# [package.metadata.deb] table of the root Cargo.toml (binaries, desktop entry, metainfo, icons,
# the runtime libraries in Depends). Prints the .deb's path as its last line.
# Honours CARGO_TARGET_DIR. Installs cargo-deb (~1 min) if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo deb --version >/dev/null 2>&1; then
  echo "build-deb: installing cargo-deb" >&2
  cargo install cargo-deb --locked >&2
fi

# NJTAX_DEB_PROFILE=dev (CI only): package the unoptimised binaries the test run already built
# instead of a release build, which on two cores took most of CI's packaging time. The package's
# layout, metadata and installed binaries are checked the same way; a release is always built with
# the default (release, thin LTO).
profile="${NJTAX_DEB_PROFILE:-release}"
target_dir="${CARGO_TARGET_DIR:-target}"
case "$profile" in
  release)
    echo "build-deb: cargo build --release" >&2
    cargo build --release --locked --bin njtax-app --bin njtax >&2
    ;;
  dev)
    echo "build-deb: cargo build (dev profile, for a CI check of the package; not a release)" >&2
    cargo build --locked --bin njtax-app --bin njtax >&2
    # cargo-deb takes the binaries from the release folder.
    mkdir -p "$target_dir/release"
    cp "$target_dir/debug/njtax-app" "$target_dir/debug/njtax" "$target_dir/release/"
    ;;
  *)
    echo "build-deb: NJTAX_DEB_PROFILE must be release or dev, not '$profile'" >&2
    exit 2
    ;;
esac

# --no-build: use the binaries just built; --no-strip is not passed, so cargo-deb strips them.
out_dir="$target_dir/njtax-deb"
rm -rf "$out_dir"
mkdir -p "$out_dir"
cargo deb --no-build --locked --output "$out_dir" >&2
deb=$(ls "$out_dir"/*.deb 2>/dev/null | head -n 1 || true)
[ -f "$deb" ] || { echo "build-deb: no .deb produced" >&2; exit 1; }
echo "build-deb: $(du -h "$deb" | cut -f1) $deb" >&2
echo "$deb"
