// The faults made from data: each changes what the reference answers in the one way its rule
// forbids (the self-test then proves a check fails it), and leaves alone what it does not reach.

import { describe, expect, it } from 'vitest';
import { SCHEMA_IDS, validate } from '../../contracts/validate.js';
import { GENERATED_FAULTS, FAULTS, SWITCHABLE_FAULTS } from './index.js';
import { breakResponse } from './response-breaking.js';
import { rulesOfRefusal } from './request-accepting.js';
import { STATUS_FAULTS } from './status-codes.js';
import { GENERATED_MISSES, GENERATED_PROOFS } from './generated-proofs.js';
import { createPlan, planBody, startClient } from '../test-support/client.js';

const ruleIds = (schemaId: string, value: unknown): string[] =>
  validate(schemaId, value).map((violation) => violation.ruleId);

async function withReference<T>(
  faults: string[],
  run: (client: Awaited<ReturnType<typeof startClient>>) => Promise<T>,
): Promise<T> {
  const client = await startClient({ faults });
  try {
    return await run(client);
  } finally {
    await client.reference.close();
  }
}

describe('answers broken from the response contracts', () => {
  it('break the constraint of the named rule in a real answer, and nothing it does not constrain', async () => {
    const plan = await withReference(
      [],
      async (client) =>
        (await client.get(`/v1/billing/plans/${await createPlan(client)}`)).body as Record<string, unknown>,
    );
    expect(ruleIds(SCHEMA_IDS.showPlanResponse, plan)).toEqual([]);
    for (const rule of [
      'billing.plan.name.length',
      'billing.plan.id.type',
      'billing.plan.id.required',
      'billing.money.value.pattern',
      'billing.plan.status.enum',
    ]) {
      const broken = breakResponse('show plan', plan, rule);
      expect(ruleIds(SCHEMA_IDS.showPlanResponse, broken), rule).toContain(rule);
    }
    // The answer given to the fault was not changed in place.
    expect(ruleIds(SCHEMA_IDS.showPlanResponse, plan)).toEqual([]);
  });

  it('leave an answer alone where the rule sits in a branch it did not take', () => {
    const cycle = {
      tenure_type: 'REGULAR',
      sequence: 1,
      total_cycles: 0,
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
    };
    const plan = { id: 'P-ABCDEFGHIJKLMNOPQRSTUVWX', name: 'n', billing_cycles: [cycle] };
    expect(breakResponse('show plan', plan, 'billing.billing_cycle.total_cycles.trial-finite')).toEqual(plan);
  });

  it('are switched on like any fault, and change what the reference answers', async () => {
    const name = 'response-breaks-billing.plan.name.type';
    expect(SWITCHABLE_FAULTS.some((fault) => fault.name === name)).toBe(true);
    const answered = await withReference(
      [name],
      async (client) =>
        (await client.get(`/v1/billing/plans/${await createPlan(client)}`)).body as Record<string, unknown>,
    );
    expect(typeof answered.name).not.toBe('string');
  });
});

describe('requests accepted against the request contracts', () => {
  it('read a validator refusal back to the rule its constraint enforces', () => {
    expect(rulesOfRefusal('/name', 'INVALID_STRING_MAX_LENGTH')).toContain('billing.plan.name.length');
    expect(rulesOfRefusal('/billing_cycles/1/sequence', 'INVALID_INTEGER_VALUE')).toContain(
      'billing.billing_cycle.sequence.range',
    );
    expect(rulesOfRefusal('/product_id', 'MISSING_REQUIRED_PARAMETER')).toContain('billing.plan.product_id.required');
    expect(rulesOfRefusal('/subscriber/payment_source/card/number', 'INVALID_STRING_MAX_LENGTH')).toContain(
      'billing.card.number.length',
    );
    expect(rulesOfRefusal('/name', 'INVALID_PARAMETER_SYNTAX')).toEqual([]);
  });

  it('take the request the clean reference refuses, and only for their rule', async () => {
    const inactive = planBody({ status: 'INACTIVE' });
    const status = (faults: string[], body: unknown) =>
      withReference(faults, async (client) => (await client.post('/v1/billing/plans', body)).status);
    expect(await status([], inactive)).toBe(400);
    expect(await status(['request-accepts-billing.plan.status.create-values'], inactive)).toBe(201);
    expect(await status(['request-accepts-billing.plan.name.required'], inactive)).toBe(400);
  });
});

describe('the fault lists made from data', () => {
  it('name each fault once, status faults included', () => {
    const names = SWITCHABLE_FAULTS.map((fault) => fault.name);
    expect(new Set(names).size).toBe(names.length);
    for (const spec of STATUS_FAULTS) expect(FAULTS.some((fault) => fault.name === spec.name)).toBe(true);
  });

  it('list as proven or missed only faults that are generated', () => {
    const generated = new Set(GENERATED_FAULTS.map((fault) => fault.name));
    const unknown = [...Object.keys(GENERATED_PROOFS), ...Object.keys(GENERATED_MISSES)].filter(
      (name) => !generated.has(name),
    );
    expect(unknown).toEqual([]);
  });

  it('answer another success code with a status fault', async () => {
    const spec = STATUS_FAULTS.find((fault) => fault.operation === 'show plan')!;
    const statuses = await withReference([spec.name], async (client) => [
      (await client.get(`/v1/billing/plans/${await createPlan(client)}`)).status,
    ]);
    expect(statuses).toEqual([spec.status]);
  });
});
