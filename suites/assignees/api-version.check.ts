import { check, type CheckContext } from '../../harness/check.js';
import { describeStatus, howAnswered } from '../../harness/describe.js';
import type { Reply } from '../../harness/exchange.js';
import { API_VERSIONS_NOT_DATES } from '../../generators/index.js';
import { ACCEPT } from './support/api.js';
import { harmlessOperations, sendOperation, served, type Operation } from './support/operations.js';

// assignees.md, Endpoints: "X-Service-Api-Version may be sent"; Versioning: "the sample request
// uses 2026-03-10. Supported version values and deprecation policy: not shown." So a server may
// refuse 2026-03-10 (a 4xx): stated is only that the header gets an answer, never a server
// error (MUST); that the sample's version is served is what a reader expects (SHOULD, a warning).
// Two checks, so that the warning never hides the verdict on the stated rule. Each operation is
// sent without the header (the control) and with it, nothing else differing. A third sends
// versions that are no YYYY-MM-DD date: the header's stated form is broken, so they are refused.

const SAMPLE_VERSION = '2026-03-10';

interface Outcome {
  operation: Operation;
  control: Reply;
  versioned: Reply;
}

async function withAndWithoutVersion(ctx: CheckContext): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const operation of harmlessOperations(ctx)) {
    const control = await sendOperation(ctx, operation, { accept: ACCEPT });
    const versioned = await sendOperation(ctx, operation, { accept: ACCEPT, 'x-service-api-version': SAMPLE_VERSION });
    outcomes.push({ operation, control, versioned });
  }
  return outcomes;
}

check(
  {
    name:
      'every operation sending X-Service-Api-Version 2026-03-10 ' +
      'is served or refused, never answered with a server error',
    rules: ['assignees.http.api-version-answered'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const outcomes = await withAndWithoutVersion(ctx);
    // Without a control answered short of a server error, the header cannot be the cause of one.
    if (outcomes.every(({ control }) => control.status >= 500))
      ctx.skip('every operation answered a server error without the header too: nothing to compare');
    for (const { operation, control, versioned } of outcomes) {
      if (versioned.status < 200 || versioned.status > 299)
        ctx.observe(`${operation.what} with X-Service-Api-Version ${SAMPLE_VERSION} answered ${versioned.status}`);
      if (versioned.status >= 500 && control.status < 500) {
        ctx.fail({
          rule: 'assignees.http.api-version-answered',
          message:
            `${operation.what} with X-Service-Api-Version ${SAMPLE_VERSION}: a server error, ` +
            `while the same request without the header got ${control.status}`,
          expected: 'served (2xx) or refused (4xx): the header may be sent, the supported versions are not shown',
          received: describeStatus(versioned),
          exchanges: [control.exchange, versioned.exchange],
        });
      }
      // A server error without the header too shows nothing of what the header does.
      if (control.status < 500 && versioned.status < 500)
        ctx.credit('assignees.http.api-version-answered', [control, versioned], `answered ${versioned.status}`);
    }
  },
);

check(
  {
    name:
      'every operation sending X-Service-Api-Version 2026-03-10, the sample version, ' +
      'is served where it is served without the header',
    rules: ['assignees.http.api-version-header'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const outcomes = await withAndWithoutVersion(ctx);
    if (!outcomes.some(({ control }) => served(control)))
      ctx.skip('no operation was served without the header: nothing to compare');
    for (const { operation, control, versioned } of outcomes) {
      if (served(control) && !served(versioned)) {
        ctx.fail({
          rule: 'assignees.http.api-version-header',
          message:
            `${operation.what} with X-Service-Api-Version ${SAMPLE_VERSION} (the sample request's version): ` +
            `${howAnswered(versioned)}, while the same request without the header is served; ` +
            `the supported versions are not shown, so this only warns`,
          expected: `a success status, as without the header (${control.status})`,
          received: describeStatus(versioned),
          exchanges: [control.exchange, versioned.exchange],
        });
      }
      if (served(control) && served(versioned))
        ctx.credit('assignees.http.api-version-header', [control, versioned], `served (${versioned.status})`);
    }
  },
);

check(
  {
    name: 'every operation refuses an X-Service-Api-Version that is not a YYYY-MM-DD date',
    rules: ['assignees.http.api-version.pattern'],
    needs: ['assignees'],
  },
  async (ctx) => {
    // One malformed version per operation, taken in turn: each operation and each form is tried.
    const operations = harmlessOperations(ctx);
    for (const [index, operation] of operations.entries()) {
      const version = API_VERSIONS_NOT_DATES[index % API_VERSIONS_NOT_DATES.length];
      const reply = await sendOperation(ctx, operation, { accept: ACCEPT, 'x-service-api-version': version });
      ctx.expectRefused(
        reply,
        'assignees.http.api-version.pattern',
        `${operation.what} with X-Service-Api-Version ${version} (not YYYY-MM-DD)`,
      );
    }
  },
);
