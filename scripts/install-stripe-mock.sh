#!/usr/bin/env bash
# Builds stripe-mock (Stripe's API mock, used by the payment tests) from its Go module at the pinned
# version into ./bin (git-ignored). Tests only: the product never talks to it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(cat "$root/scripts/stripe-mock.version")"
bin="$root/bin"
stamp="$bin/.stripe-mock.version"
if [ -x "$bin/stripe-mock" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then
  exit 0
fi
command -v go >/dev/null 2>&1 || { echo "Go is required to build stripe-mock ($version)." >&2; exit 1; }
echo "Building stripe-mock $version from its Go module (first run only)..."
mkdir -p "$bin"
CGO_ENABLED=0 GOBIN="$bin" go install -ldflags "-s -w" "github.com/stripe/stripe-mock@$version"
echo "$version" > "$stamp"
