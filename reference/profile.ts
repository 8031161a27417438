// The target profile describing a running reference, with its seeded fixtures and literal tokens.
// The reference states it in its own terms (it depends on nothing of the checker's); a test keeps
// it valid against the profile schema the checker reads (contracts/target.schema.json).

import { FIXTURES } from './fixtures.js';

export type ReferenceProfile = ReturnType<typeof referenceProfile>;

export function referenceProfile(baseUrl: string) {
  return {
    baseUrl,
    billing: {
      token: FIXTURES.billingToken,
      productId: FIXTURES.productId,
      // the approve links are on the reference's own host (billing.md: "{approval_url} host")
      approval: { mode: 'follow-link' as const, host: new URL(baseUrl).host },
    },
    assignees: {
      owner: FIXTURES.owner,
      repo: FIXTURES.publicRepo,
      issueNumber: FIXTURES.issueNumber,
      pullNumber: FIXTURES.pullNumber,
      tokens: { push: FIXTURES.pushUser.token, read: FIXTURES.readUser.token },
      assignable: [...FIXTURES.assignable],
      notAssignable: FIXTURES.notAssignable,
      privateRepo: { owner: FIXTURES.owner, repo: FIXTURES.privateRepo, issueNumber: FIXTURES.issueNumber },
    },
  };
}
