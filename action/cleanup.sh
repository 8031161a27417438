#!/usr/bin/env bash
# The action's cleanup step, run whatever came before (a failed, cancelled or timed-out run):
# `cleanup --ledger` retires what the run's ledger lists as still live on the target. Only with a
# target profile: the embedded reference the run started ended with it. Its exit code is an output;
# the action's last step fails the job on it when the run itself passed.
set -uo pipefail

cli="${CONFORMANCE_CLI:-${GITHUB_ACTION_PATH:?}/dist/cli/main.js}"
ledger="${INPUT_REPORT_DIR:-conformance}/ledger.jsonl"
if [ -z "${INPUT_TARGET:-}" ]; then
  echo "cleanup: no target profile (the embedded reference ended with the run): nothing to retire"
  code=0
elif [ ! -s "$ledger" ]; then
  echo "cleanup: $ledger lists nothing: nothing to retire"
  code=0
else
  args=(cleanup --ledger "$ledger" --target "$INPUT_TARGET")
  [ -n "${INPUT_BASE_URL:-}" ] && args+=(--base-url "$INPUT_BASE_URL")
  node "$cli" "${args[@]}"
  code=$?
  [ "$code" -ne 0 ] && echo "::warning title=api-conformance cleanup::cleanup exited $code: what it names may still be live on the target"
fi
echo "exit-code=$code" >>"${GITHUB_OUTPUT:?}"
exit 0
