#!/usr/bin/env bash
# Generated files are never edited by hand: regenerate them and fail when the committed copy differs.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s gen:api >/dev/null
npm run -s gen:routes >/dev/null 2>&1
if ! git diff --quiet -- src/api/schema.gen.ts src/routeTree.gen.ts; then
  echo "Generated files are stale; run 'npm run gen' and commit:" >&2
  git diff --stat -- src/api/schema.gen.ts src/routeTree.gen.ts >&2
  exit 1
fi
if [ -n "$(git ls-files --others --exclude-standard -- src/api/schema.gen.ts src/routeTree.gen.ts)" ]; then
  echo "Generated files are not committed; run 'npm run gen' and commit them." >&2
  exit 1
fi
# The provider-state catalogue backend teams implement from (contracts/PROVIDER_STATES.md).
npx tsx scripts/provider-states-catalogue.ts --check >/dev/null
echo "generated files: fresh"
