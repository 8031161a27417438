import { describe, expect, it } from 'vitest';
import { errorCauseText } from './error-cause.js';

describe('the cause of an error, without what differs from check to check', () => {
  it("drops a property's replay details and hides plan, subscription and product ids", () => {
    expect(
      errorCauseText(
        'could not create a subscription for plan P-5ML4271244454362W: answered 400 (fast-check ' +
          'seed -12, path 0:1)\nstack',
      ),
    ).toBe('could not create a subscription for plan <id>: answered 400');
    expect(errorCauseText('subscription I-BW452GLLEP1G and product PROD-4CWK2S8EBB4FG3ZT1 not shown')).toBe(
      'subscription <id> and product <id> not shown',
    );
  });

  it('keeps what is not an id: short tokens, other prefixes, a seed in the middle', () => {
    expect(errorCauseText('P-1 and X-ABCDEFGHIJ (fast-check seed 3, path 0) and more')).toBe(
      'P-1 and X-ABCDEFGHIJ (fast-check seed 3, path 0) and more',
    );
  });
});
