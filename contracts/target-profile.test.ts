import { describe, expect, it } from 'vitest';
import { TOKEN_FIELDS, tokenAt, type TargetProfile, type TokenField } from './target-profile.js';

const target: TargetProfile = {
  baseUrl: 'http://127.0.0.1:9',
  billing: { token: 'b', productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'none' } },
  assignees: { owner: 'o', repo: 'r', issueNumber: 1, tokens: { push: 'p' }, assignable: [] },
};

describe('tokenAt', () => {
  it('reads each token field, and nothing for a field the profile leaves out or that is no token field', () => {
    expect(TOKEN_FIELDS.map((field) => tokenAt(target, field))).toEqual(['b', 'p', undefined]);
    // A field read from a file is only typed: an unknown one is never taken for the read token.
    expect(
      tokenAt(
        { ...target, assignees: { ...target.assignees!, tokens: { push: 'p', read: 'r' } } },
        'assignees.tokens.admin' as TokenField,
      ),
    ).toBeUndefined();
  });
});
