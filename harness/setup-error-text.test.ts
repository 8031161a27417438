import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange.js';
import { namingTheRequest } from './setup-error-text.js';

const refused = (
  status: number,
  body: string,
  method = 'POST',
  url = 'https://staging.example.test/v1/billing/plans',
): Exchange => ({
  request: { method, url, headers: {} },
  response: { status, headers: {}, body },
  durationMs: 1,
});

describe('a setup error names the request and the answer', () => {
  it('where the message says "answered NNN"', () => {
    const body = JSON.stringify({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ field: '/taxes/percentage', issue: 'MISSING_REQUIRED_PARAMETER' }],
    });
    expect(namingTheRequest('could not create a plan for this check: answered 422', [refused(422, body)])).toBe(
      `could not create a plan for this check: POST /v1/billing/plans answered 422: ${body}`,
    );
  });

  it('after the message otherwise, with the body cut short and an empty one said so', () => {
    const long = `{"message":"${'x'.repeat(300)}"}`;
    const named = namingTheRequest('the new subscription has no approve link to follow', [
      refused(400, long, 'GET', 'https://s.test/v1/billing/subscriptions/I-1?fields=plan'),
    ]);
    expect(named).toMatch(
      new RegExp(
        '^the new subscription has no approve link to follow \\(GET ' +
          '\\/v1\\/billing\\/subscriptions\\/I-1\\?fields=plan ' +
          'answered 400: \\{"message":"x+…\\)$',
      ),
    );
    expect(named.length).toBeLessThan(300);
    expect(namingTheRequest('could not read back plan P-1: answered 404', [refused(404, '')])).toBe(
      'could not read back plan P-1: POST /v1/billing/plans answered 404 (empty body)',
    );
  });

  it(
    'leaves a message alone that names the request already, or whose last answer was a ' + 'success, or that has none',
    () => {
      const url = 'https://s.test/v1/billing/plans';
      const limited = `rate limited: POST ${url} answered status 429 with Retry-After 1`;
      expect(namingTheRequest(limited, [refused(429, '{}', 'POST', url)])).toBe(limited);
      expect(
        namingTheRequest('the subscription is still APPROVAL_PENDING', [
          refused(200, '{"status":"APPROVAL_PENDING"}', 'GET'),
        ]),
      ).toBe('the subscription is still APPROVAL_PENDING');
      expect(namingTheRequest('no exchange', [])).toBe('no exchange');
    },
  );
});
