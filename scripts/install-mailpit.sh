#!/usr/bin/env bash
# Builds Mailpit (the dev mail sink with a web UI) from its Go module at the pinned version into ./bin
# (git-ignored), like PocketBase. The module ships without its web UI's compiled assets, so they are
# built first with Mailpit's own npm scripts; both registries (Go modules, npm) are all this needs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(cat "$root/scripts/mailpit.version")"
bin="$root/bin"
if [ -x "$bin/mailpit" ] && "$bin/mailpit" version --no-release-check 2>/dev/null | grep -q "mailpit $version "; then
  exit 0
fi
for tool in go npm; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool is required to build Mailpit ($version)." >&2; exit 1; }
done
echo "Building Mailpit $version from its Go module (first run only, about a minute)..."
work="$(mktemp -d)"
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
( cd "$work" && go mod init formwork-mailpit-build >/dev/null 2>&1 && go mod download "github.com/axllent/mailpit@$version" )
src="$(cd "$work" && go list -m -f '{{.Dir}}' "github.com/axllent/mailpit@$version" 2>/dev/null || true)"
[ -n "$src" ] || src="$(go env GOMODCACHE)/github.com/axllent/mailpit@$version"
cp -r "$src" "$work/src"
chmod -R u+w "$work/src"
(
  cd "$work/src"
  npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
  npm run package --silent
  mkdir -p "$bin"
  CGO_ENABLED=0 go build -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$version" -o "$bin/mailpit" .
)
"$bin/mailpit" version --no-release-check
