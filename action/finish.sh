#!/usr/bin/env bash
# The action's last step: the job fails as the run did (its exit code, as `run` documents them),
# and also when the run passed but its cleanup left something live on the target.
set -uo pipefail

run_code="${RUN_EXIT_CODE:-}"
cleanup_code="${CLEANUP_EXIT_CODE:-0}"
if [ -z "$run_code" ]; then
  echo "::error title=api-conformance::the run did not start (see the install and run steps)"
  exit 70
fi
if [ "$run_code" -eq 0 ] && [ -n "$cleanup_code" ] && [ "$cleanup_code" -ne 0 ]; then
  echo "::error title=api-conformance::the run passed, but cleanup exited $cleanup_code"
  exit "$cleanup_code"
fi
exit "$run_code"
