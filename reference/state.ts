// Everything one running instance remembers.

import { createAssigneesState, type AssigneesState } from './assignees/model.js';
import { IdempotencyStore } from './billing/idempotency.js';
import { createBillingState, type BillingState } from './billing/model.js';

export interface ReferenceState {
  billing: BillingState;
  idempotency: IdempotencyStore;
  assignees: AssigneesState;
}

export function createState(): ReferenceState {
  return { billing: createBillingState(), idempotency: new IdempotencyStore(), assignees: createAssigneesState() };
}
