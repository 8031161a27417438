// The judgement both APIs' content-coding checks make of their answers: a body sent with a coding
// the request did not ask for (the checker sends no Accept-Encoding) breaks the API's SHOULD rule.

import type { CheckContext } from '../../harness/check.js';
import type { Reply } from '../../harness/exchange.js';
import type { Api } from '../../contracts/operations.js';
import { judgeCoding } from '../../judging/coding.js';

/** Judges each named answer with a body; the first coded one fails the rule. */
export function expectNoUnaskedCoding(ctx: CheckContext, api: Api, replies: ReadonlyArray<[string, Reply]>): void {
  for (const [what, reply] of replies) {
    if (reply.text === '') continue;
    const finding = judgeCoding({ api, acceptEncoding: undefined, codings: reply.codings ?? [], what });
    if (finding.held) ctx.credit(finding.rule, reply, 'no coding the request did not ask for');
    else
      ctx.fail({
        rule: finding.rule,
        message: finding.message ?? what,
        expected: finding.expected,
        received: finding.received,
        exchanges: [reply.exchange],
      });
  }
}
