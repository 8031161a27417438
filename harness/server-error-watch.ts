import type { Reply } from './exchange.js';
import type { FailureRecord } from './check-meta.js';
import { curlLine } from './curl.js';
import { describeStatus } from './describe.js';
import { operationOf, type Api } from '../contracts/operations.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

// Every 5xx answer to any request of a check: the no-5xx rule of the request's API is judged on
// all of them, whatever the check itself is about, beside the check's own verdict.

const NO_5XX: Record<Api, RuleId> = {
  billing: 'billing.errors.no-5xx-on-bad-input',
  assignees: 'assignees.errors.no-5xx-on-bad-input',
};

export class ServerErrorWatch {
  private first: Reply | undefined;
  private count = 0;

  /** `api`: the check's own, for a request that is no operation of either spec (a link's href). */
  constructor(private readonly api: Api) {}

  note(reply: Reply): void {
    if (reply.status < 500 || reply.status > 599) return;
    this.first ??= reply;
    this.count += 1;
  }

  /** The failure of the no-5xx rule the 5xx answers break, shown by the first of them; none without one. */
  record(rerun: string): FailureRecord | undefined {
    const first = this.first;
    if (!first) return undefined;
    const request = first.exchange.request;
    const path = request.url.replace(/^[a-z]+:\/\/[^/]+/i, '');
    const count = this.count;
    return {
      rule: NO_5XX[operationOf(request.method, request.url)?.api ?? this.api],
      message:
        `${count} request${count === 1 ? ' was' : 's were'} answered with a 5xx; the first: ` +
        `${request.method} ${path} answered ${first.status}`,
      expected: 'no 5xx answer to any request',
      received: describeStatus(first),
      exchanges: [first.exchange],
      rerun,
      curl: curlLine(request),
    };
  }
}
