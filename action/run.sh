#!/usr/bin/env bash
# The action's run step: `run` with the action's inputs, from the workspace (where a target
# profile's path and the report folder are read). The signing key comes from a secret: written
# to a file only this user can read, removed when the step ends, and never printed. The run's exit
# code becomes the step's output instead of failing the step, so that cleanup, the artifact and
# the SARIF upload run first; the action's last step fails the job with it. Under GitHub Actions
# (GITHUB_STEP_SUMMARY set) `run` itself writes summary.md into the job summary and annotates.
set -uo pipefail

cli="${CONFORMANCE_CLI:-${GITHUB_ACTION_PATH:?}/dist/cli/main.js}"
args=(run --report-dir "${INPUT_REPORT_DIR:-conformance}")
[ -n "${INPUT_TARGET:-}" ] && args+=(--target "$INPUT_TARGET")
[ -n "${INPUT_BASE_URL:-}" ] && args+=(--base-url "$INPUT_BASE_URL")
[ -n "${INPUT_SUITE:-}" ] && args+=(--suite "$INPUT_SUITE")
[ -n "${INPUT_SEED:-}" ] && args+=(--seed "$INPUT_SEED")
# Known failures that do not fail the gate (`run --baseline`).
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")

if [ -n "${CONFORMANCE_SIGN_KEY:-}" ]; then
  key_dir="$(mktemp -d "${RUNNER_TEMP:-/tmp}/conformance-key.XXXXXX")"
  trap 'rm -rf "$key_dir"' EXIT
  (umask 077 && printf '%s\n' "$CONFORMANCE_SIGN_KEY" >"$key_dir/signing-key.pem")
  args+=(--sign-key "$key_dir/signing-key.pem")
fi

# More arguments, split at white space (no quoting, no globbing: a value with a space cannot be given here).
if [ -n "${INPUT_ARGS:-}" ]; then
  read -r -d '' -a extra <<<"$INPUT_ARGS" || true
  args+=("${extra[@]}")
fi

node "$cli" "${args[@]}"
code=$?
echo "exit-code=$code" >>"${GITHUB_OUTPUT:?}"
echo "api-conformance run exited $code"
exit 0
