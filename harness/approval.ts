import { spawn } from 'node:child_process';
import type { CheckContext } from './check.js';
import { CheckSetupError } from './failure.js';

// The approval driver of the target profile (README.md): how a checker gets a subscriber's consent for a
// subscription. follow-link requests the approve link; command hands the href to a program.

const COMMAND_TIMEOUT_MS = 30_000;

function runCommand(command: string, href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [href], {
      shell: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, APPROVAL_HREF: href },
      timeout: COMMAND_TIMEOUT_MS,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-400);
    });
    child.on('error', (error) => reject(new CheckSetupError(`approval command could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new CheckSetupError(
            `approval command ended with ${signal ?? `exit code ${code}`}${stderr ? `: ${stderr.trim()}` : ''}`,
          ),
        );
    });
  });
}

/** Approves through the profile's driver; skips the check when the mode is none. */
export async function approve(ctx: CheckContext, approveHref: string): Promise<void> {
  const approval = ctx.billing.approval;
  if (approval.mode === 'none') ctx.skip('approval mode is none: no approved subscription can be had');
  if (approval.mode === 'command') return runCommand(approval.command, approveHref);
  // A subscriber's browser follows the link: no credential goes with it.
  const reply = await ctx.send({ method: 'GET', path: approveHref, headers: { accept: '*/*' } });
  if (reply.status >= 400) {
    throw new CheckSetupError(
      `following the approve link answered ${reply.status}; the subscription was not approved`,
      [reply.exchange],
    );
  }
}
