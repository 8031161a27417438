// The target profile describing a running reference, with its seeded fixtures and literal tokens.

import type { TargetProfile } from '../contracts/target-profile.js';
import { FIXTURES } from './fixtures.js';

export function referenceProfile(baseUrl: string): TargetProfile {
  return {
    baseUrl,
    billing: {
      token: FIXTURES.billingToken,
      productId: FIXTURES.productId,
      approval: { mode: 'follow-link' },
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
