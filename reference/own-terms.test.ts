import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../contracts/operations.js';
import { validateTargetProfile } from '../contracts/validate.js';
import { referenceProfile } from './profile.js';
import { ROUTES } from './routes.js';

// The reference states what it serves in its own terms (it depends on nothing of the checker's).
// These keep its terms and the checker's the same: the operations it names, the profile it writes.

describe('the reference in its own terms', () => {
  it('names every operation of both specs on its routes, as the checker names them', () => {
    const named = ROUTES.flatMap((route) => (route.operation ? [`${route.method} ${route.operation}`] : []));
    expect(named.sort()).toEqual(OPERATIONS.map((operation) => `${operation.method} ${operation.name}`).sort());
  });

  it("writes a target profile that the checker's profile schema takes", () => {
    expect(validateTargetProfile(referenceProfile('http://127.0.0.1:1234'))).toEqual([]);
  });
});
