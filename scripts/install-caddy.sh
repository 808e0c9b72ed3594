#!/usr/bin/env bash
# Builds Caddy (the TLS reverse proxy in front of PocketBase in a release, deploy/Caddyfile) from its Go
# module at the pinned version into ./bin (git-ignored), like PocketBase: only the module proxy is needed.
# The release's TLS test runs it; production servers build or install their own (docs/deploy.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(cat "$root/scripts/caddy.version")"
bin="$root/bin"
if ! command -v go >/dev/null 2>&1; then
  echo "Go is required to build Caddy ($version); install Go 1.24+ and retry." >&2
  exit 1
fi
# `go install` records the module's version in the binary (`caddy version` itself says "unknown" for such a build).
built() { [ -x "$bin/caddy" ] && go version -m "$bin/caddy" 2>/dev/null | awk '$1 == "mod" {print $3}' | grep -qx "$version"; }
if built; then
  exit 0
fi
echo "Building Caddy $version from its Go module (first run only, a few minutes)..."
mkdir -p "$bin"
CGO_ENABLED=0 GOBIN="$bin" go install -ldflags "-s -w" "github.com/caddyserver/caddy/v2/cmd/caddy@$version"
built || { echo "bin/caddy is not Caddy $version after the build" >&2; exit 1; }
echo "Caddy $version built into $bin/caddy."
