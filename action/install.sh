#!/usr/bin/env bash
# The action's install step: the tool from the action's own checkout (its lockfile, then the build
# that npm ci's prepare script runs), so the version that runs is the one the workflow pinned.
set -euo pipefail
cd "${GITHUB_ACTION_PATH:?the action's install step runs inside the action}"
npm ci --no-audit --no-fund --loglevel=error
test -x dist/cli/main.js
