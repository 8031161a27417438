import { describe, expect, it } from 'vitest';
import type { Reply } from './exchange.js';
import type { SendOptions } from './http-client.js';
import { ReadBackSigns as Signs } from './read-back-signs.js';
import { operationOf } from '../contracts/operations.js';

function reply(status: number, json: unknown): Reply {
  return {
    status,
    json,
    text: JSON.stringify(json),
    headers: {},
    exchange: { request: { method: 'GET', url: '', headers: {} }, durationMs: 1 },
  };
}

/** The signs told of replies carrying their operation, as HttpClient.send gives them. */
class ReadBackSigns extends Signs {
  override note(request: SendOptions, answer: Reply): void {
    const operation = operationOf(request.method, request.path)?.name;
    super.note(request, { ...answer, ...(operation ? { operation } : {}) });
  }
}

const createPlan = { method: 'POST', path: '/v1/billing/plans', json: { product_id: 'PROD-A', name: 'n' } };
const showPlan = (id: string) => ({ method: 'GET', path: `/v1/billing/plans/${id}` });

describe('signs that a target keeps no state', () => {
  it('none for a target that shows what it created, also after a read that came too early', () => {
    const watch = new ReadBackSigns();
    watch.note(createPlan, reply(201, { id: 'P-1' }));
    watch.note(showPlan('P-1'), reply(404, {}));
    watch.note(showPlan('P-1'), reply(200, { id: 'P-1', product_id: 'PROD-A' }));
    // An id the check never created: a not-found check's, not a sign.
    watch.note(showPlan('P-9'), reply(404, {}));
    expect(watch.signs()).toEqual([]);
  });

  it('show answering 404 for what was just created, and never showing it', () => {
    const watch = new ReadBackSigns();
    watch.note(
      { method: 'POST', path: '/v1/billing/subscriptions', json: { plan_id: 'P-1' } },
      reply(201, { id: 'I-1' }),
    );
    watch.note({ method: 'GET', path: '/v1/billing/subscriptions/I-1' }, reply(404, {}));
    expect(watch.signs()).toEqual(['show subscription answered 404 right after create subscription answered 201']);
  });

  it('show answering another resource than the one created', () => {
    const watch = new ReadBackSigns();
    watch.note(createPlan, reply(201, { id: 'P-1' }));
    watch.note(showPlan('P-1'), reply(200, { id: 'P-CANNED', product_id: 'PROD-OTHER' }));
    expect(watch.signs()).toEqual([
      'show plan answered another plan than the one just created (another id and product_id)',
    ]);
  });

  it('keeps the first answer that showed another resource', () => {
    const watch = new ReadBackSigns();
    watch.note(createPlan, reply(201, { id: 'P-1' }));
    watch.note(showPlan('P-1'), reply(200, { id: 'P-1', product_id: 'PROD-OTHER' }));
    watch.note(createPlan, reply(201, { id: 'P-2' }));
    watch.note(showPlan('P-2'), reply(200, { id: 'P-CANNED', product_id: 'PROD-OTHER' }));
    expect(watch.signs()).toEqual(['show plan answered another plan than the one just created (another product_id)']);
  });

  it('none when a write naming the resource came between the create and the show (a revise to another plan)', () => {
    const watch = new ReadBackSigns();
    watch.note(
      { method: 'POST', path: '/v1/billing/subscriptions', json: { plan_id: 'P-1' } },
      reply(201, { id: 'I-1' }),
    );
    watch.note(
      { method: 'POST', path: '/v1/billing/subscriptions/I-1/revise', json: { plan_id: 'P-2' } },
      reply(200, { plan_id: 'P-2' }),
    );
    watch.note({ method: 'GET', path: 'http://127.0.0.1:1/approve?token=I-1' }, reply(200, {}));
    watch.note({ method: 'GET', path: '/v1/billing/subscriptions/I-1' }, reply(200, { id: 'I-1', plan_id: 'P-2' }));
    expect(watch.signs()).toEqual([]);
  });

  it('judges only the first show after the create: a later one is no longer right after it', () => {
    const watch = new ReadBackSigns();
    watch.note(
      { method: 'POST', path: '/v1/billing/subscriptions', json: { plan_id: 'P-1' } },
      reply(201, { id: 'I-1' }),
    );
    watch.note({ method: 'GET', path: '/v1/billing/subscriptions/I-1' }, reply(200, { id: 'I-1', plan_id: 'P-1' }));
    watch.note({ method: 'GET', path: '/v1/billing/subscriptions/I-1' }, reply(200, { id: 'I-1', plan_id: 'P-2' }));
    expect(watch.signs()).toEqual([]);
  });

  it('reads (lists, other shows) in between change nothing: the first show is still judged', () => {
    const watch = new ReadBackSigns();
    watch.note(createPlan, reply(201, { id: 'P-1' }));
    watch.note(
      { method: 'GET', path: '/v1/billing/plans', query: { product_id: 'PROD-A' } },
      reply(200, { plans: [] }),
    );
    watch.note(showPlan('P-1'), reply(200, { id: 'P-1', product_id: 'PROD-OTHER' }));
    expect(watch.signs()).toEqual(['show plan answered another plan than the one just created (another product_id)']);
  });

  it('goes by the operation the client worked out, not by reading the path again', () => {
    const watch = new Signs();
    watch.note(createPlan, { ...reply(201, { id: 'P-1' }), operation: 'create plan' });
    // Without an operation (a path neither spec has), nothing is noted.
    watch.note(showPlan('P-1'), reply(404, {}));
    expect(watch.signs()).toEqual([]);
    watch.note(showPlan('P-1'), { ...reply(404, {}), operation: 'show plan' });
    expect(watch.signs()).toEqual(['show plan answered 404 right after create plan answered 201']);
  });
});
