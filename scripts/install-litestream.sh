#!/usr/bin/env bash
# Builds Litestream (continuous replication of the SQLite database to S3, docs/operations.md) from its
# Go module at the pinned version into ./bin (git-ignored), like PocketBase; the release ships it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(cat "$root/scripts/litestream.version")"
bin="$root/bin"
if [ -x "$bin/litestream" ] && [ "$("$bin/litestream" version 2>/dev/null)" = "$version" ]; then
  exit 0
fi
command -v go >/dev/null 2>&1 || { echo "Go is required to build Litestream ($version); install Go 1.24+ and retry." >&2; exit 1; }
echo "Building Litestream $version from its Go module (first run only, one to two minutes)..."
mkdir -p "$bin"
# The ldflag stamps the version so `litestream version` (and the reuse check above) can read it.
CGO_ENABLED=0 GOBIN="$bin" go install -ldflags "-s -w -X main.Version=$version" "github.com/benbjohnson/litestream/cmd/litestream@$version"
"$bin/litestream" version
