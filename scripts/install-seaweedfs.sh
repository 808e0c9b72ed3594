#!/usr/bin/env bash
# Builds SeaweedFS (`weed`, the S3-compatible store the storage, backup and replication tests run
# against) from its Go module at the pinned version into ./bin (git-ignored). Its go.mod has replace
# directives, which `go install module@version` refuses, so the module is copied out of the module
# cache and built as the main module (replaces then apply). Only the Go module proxy is needed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(cat "$root/scripts/seaweedfs.version")"
bin="$root/bin"
# The pinned version is stamped into `weed version` (its COMMIT), so a rebuild happens only on a change.
if [ -x "$bin/weed" ] && [[ "$("$bin/weed" version 2>/dev/null)" == *" $version "* ]]; then
  exit 0
fi
command -v go >/dev/null 2>&1 || { echo "Go is required to build SeaweedFS ($version); install Go 1.26+ and retry." >&2; exit 1; }
echo "Building SeaweedFS $version from its Go module (first run only, several minutes)..."
work="$(mktemp -d)"
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
src="$(go mod download -json "github.com/seaweedfs/seaweedfs@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "$src" ] || { echo "go mod download gave no directory for github.com/seaweedfs/seaweedfs@$version" >&2; exit 1; }
cp -r "$src" "$work/src"
chmod -R u+w "$work/src"
mkdir -p "$bin"
(
  cd "$work/src"
  CGO_ENABLED=0 go build -ldflags "-s -w -X github.com/seaweedfs/seaweedfs/weed/util/version.COMMIT=$version" -o "$bin/weed.tmp" ./weed
)
mv "$bin/weed.tmp" "$bin/weed"
"$bin/weed" version 2>/dev/null | head -1
