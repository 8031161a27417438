import { describe, expect, it } from 'vitest';
import { OPERATIONS, operationOf } from './operations.js';

describe('operationOf', () => {
  it.each([
    ['POST', 'http://127.0.0.1:9/v1/billing/plans', 'create plan'],
    ['GET', '/v1/billing/plans?page_size=3', 'list plans'],
    ['GET', '/v1/billing/plans/P-ABC', 'show plan'],
    ['POST', '/v1/billing/plans/P-ABC/activate', 'activate plan'],
    ['post', '/api/v1/billing/subscriptions/I-1/capture', 'capture payment'],
    ['GET', '/v1/billing/subscriptions/I-1/transactions?start_time=x', 'list transactions'],
    ['GET', '/repos/o/r/assignees/alice', 'check assignee'],
    ['GET', '/repos/o/r/issues/1/assignees/alice', 'check issue assignee'],
    ['DELETE', '/repos/o/r/issues/1/assignees', 'remove assignees'],
  ])('%s %s is %s', (method, path, name) => {
    expect(operationOf(method, path)?.name).toBe(name);
  });

  it('names no operation for a path or method the specs do not have', () => {
    expect(operationOf('GET', '/')).toBeUndefined();
    expect(operationOf('DELETE', '/v1/billing/plans/P-1')).toBeUndefined();
    expect(operationOf('GET', '/v1/billing/plans/P-1/activate')).toBeUndefined();
  });

  it('has one entry per method and template', () => {
    const keys = OPERATIONS.map((operation) => `${operation.method} ${operation.template}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
