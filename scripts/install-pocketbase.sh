#!/usr/bin/env bash
# Builds stock PocketBase from its Go module at the pinned version into ./bin (git-ignored).
# There is no internet beyond the module proxy, so we never download a prebuilt binary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(cat "$root/scripts/pocketbase.version")"
bin="$root/bin"
types="$bin/pocketbase-types.d.ts"
built() { [ -x "$bin/pocketbase" ] && [ "$("$bin/pocketbase" --version 2>/dev/null | awk '{print $NF}')" = "${version#v}" ]; }
if built && [ -f "$types" ]; then
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "Go is required to build PocketBase ($version); install Go 1.24+ and retry." >&2
  exit 1
fi
mkdir -p "$bin"
if ! built; then
  echo "Building PocketBase $version from its Go module (first run only, takes a few minutes)..."
  # The ldflag stamps the version so `pocketbase --version` (and the reuse check above) can read it.
  CGO_ENABLED=0 GOBIN="$bin" go install -ldflags "-s -w -X github.com/pocketbase/pocketbase.Version=${version#v}" \
    "github.com/pocketbase/pocketbase/examples/base@$version"
  mv "$bin/base" "$bin/pocketbase"
  "$bin/pocketbase" --version
fi
# The declarations of PocketBase's JS hooks API, as its jsvm plugin writes them into pb_data/types.d.ts:
# `npm test` type-checks pb_hooks/ against them (tsconfig.hooks.json).
src="$(go env GOMODCACHE)/github.com/pocketbase/pocketbase@$version/plugins/jsvm/internal/types/generated/types.d.ts"
[ -f "$src" ] || go mod download "github.com/pocketbase/pocketbase@$version"
cp "$src" "$types"
chmod 0644 "$types"
