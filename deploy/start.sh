#!/usr/bin/env bash
# Starts Formwork from its release folder (the folder this script is in): applies the release's
# migrations to the data dir, then serves the release's site and hooks with PocketBase. Needs no Node.
# Settings come from the environment (formwork.service reads /etc/formwork/formwork.env; every variable
# is in formwork.env.example). The server itself refuses to start when a required one is missing or wrong
# (pb_hooks/lib/startupChecks.js), naming it, so this script only adds what is its own.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pb="$here/bin/pocketbase"

# Production unless said otherwise (FORMWORK_ENV=development for a trial on one's own machine).
export FORMWORK_ENV="${FORMWORK_ENV:-production}"
if [ -z "${FORMWORK_DATA_DIR:-}" ]; then
  echo "Not starting: FORMWORK_DATA_DIR is not set (the data directory, e.g. /var/lib/formwork; never inside a release folder, which an upgrade replaces)." >&2
  exit 1
fi
http="${FORMWORK_HTTP:-127.0.0.1:8090}"
# The default of scripts/pocketbase-serve.mjs, written in when the release is made.
pool="${FORMWORK_HOOKS_POOL:-@DEFAULT_HOOKS_POOL@}"
case "$pool" in ''|*[!0-9]*|0*) echo "Not starting: FORMWORK_HOOKS_POOL must be a positive integer, not \"$pool\"." >&2; exit 1 ;; esac
# Browsers may call the API from these origins only: FORMWORK_CORS_ORIGINS, else the public address's.
origins="${FORMWORK_CORS_ORIGINS:-$(printf '%s' "${FORMWORK_PUBLIC_URL:-}" | sed -nE 's#^(https?://[^/?#]+).*#\1#p')}"
dev="--dev=false"
[ "${FORMWORK_DEV_LOGS:-}" = "1" ] && dev="--dev=true"

mkdir -p "$FORMWORK_DATA_DIR"
# Dev mode said every time: PocketBase turns it on by itself for a binary under the temp folder.
dirs=("$dev" --dir "$FORMWORK_DATA_DIR" --migrationsDir "$here/pb_migrations" --hooksDir "$here/pb_hooks")

# Continuous replication of the database (litestream.yml, docs/operations.md) when FORMWORK_LITESTREAM_PATH is
# set: on a machine with no database yet (a disaster recovery), the replica is restored first.
litestream=()
if [ -n "${FORMWORK_LITESTREAM_PATH:-}" ]; then
  export FORMWORK_DATA_DIR
  litestream=("$here/bin/litestream" replicate -config "$here/litestream.yml")
  "$here/bin/litestream" restore -config "$here/litestream.yml" -if-db-not-exists -if-replica-exists "$FORMWORK_DATA_DIR/data.db"
fi

# `pocketbase migrate` exits 0 even when a migration fails: its output is the signal. The start-up checks
# run here first (every pocketbase command loads the hooks), so a bad environment stops at this step.
if ! out="$("$pb" migrate up "${dirs[@]}" 2>&1)"; then
  printf '%s\n' "$out" >&2
  exit 1
fi
printf '%s\n' "$out"
if printf '%s\n' "$out" | grep -q '^Error:'; then
  echo "Not starting: a migration failed (above); the data dir is as it was before it." >&2
  exit 1
fi

serve=("$pb" serve --http "$http" --automigrate=false --hooksWatch=false --hooksPool "$pool" --publicDir "$here/pb_public" "${dirs[@]}")
[ -n "$origins" ] && serve+=("--origins=$origins")

if [ ${#litestream[@]} -gt 0 ]; then
  # Litestream runs PocketBase as its child (-exec takes one shell-quoted string), passes it SIGTERM and
  # ships the last changes when it exits.
  exec "${litestream[@]}" -exec "$(printf '%q ' "${serve[@]}")"
fi
exec "${serve[@]}"
