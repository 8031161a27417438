// Everything one running instance remembers.

import { createAssigneesState, type AssigneesState } from './assignees/model.js';
import type { Behaviour } from './behaviour.js';
import { IdempotencyStore } from './billing/idempotency-store.js';
import { createBillingState, type BillingState } from './billing/model.js';

export interface ReferenceState {
  billing: BillingState;
  idempotency: IdempotencyStore;
  assignees: AssigneesState;
}

/** Variants may seed more data (per-page-cap-50: more assignable users). */
export function createState(behaviour: Behaviour): ReferenceState {
  const unlisted = behaviour.changed(
    'assignable users beyond the profile',
    behaviour.variant('per-page-cap-50') ? 60 : 0,
  );
  return {
    billing: createBillingState(),
    idempotency: new IdempotencyStore(),
    assignees: createAssigneesState(unlisted),
  };
}
