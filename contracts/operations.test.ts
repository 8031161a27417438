import { describe, expect, it } from 'vitest';
import { apiOf, apiRules, OPERATIONS, operationOf, pathParams } from './operations.js';

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

describe('pathParams', () => {
  const named = (name: string) => OPERATIONS.find((operation) => operation.name === name)!;

  it('reads each parameter by its template name, from the end of the path', () => {
    expect(pathParams(named('show plan'), '/v1/billing/plans/P-ABC?x=1')).toEqual({ id: 'P-ABC' });
    expect(pathParams(named('show plan'), 'http://h.test/api/v2/v1/billing/plans/P-ABC')).toEqual({ id: 'P-ABC' });
    expect(pathParams(named('check issue assignee'), '/gh/repos/Octo/r/issues/7/assignees/al%20ice')).toEqual({
      owner: 'Octo',
      repo: 'r',
      issue_number: '7',
      assignee: 'al ice',
    });
    expect(pathParams(named('list plans'), '/v1/billing/plans')).toEqual({});
  });

  it('leaves out a segment that is not valid percent-encoding, and reads nothing of another path', () => {
    expect(pathParams(named('check assignee'), '/repos/o/r/assignees/%E0%A4')).toEqual({ owner: 'o', repo: 'r' });
    expect(pathParams(named('show plan'), '/v1/billing/subscriptions/I-1')).toBeUndefined();
  });

  it('reads a URL that does not parse as a path, without throwing', () => {
    expect(operationOf('GET', 'http://[::/v1/billing/plans')?.name).toBe('list plans');
  });
});

describe('apiRules', () => {
  it('names the no-5xx, JSON body and content coding rules of the API a request belongs to', () => {
    const billing = apiRules(apiOf('GET', '/v1/billing/plans/P-1')!);
    expect(billing).toEqual({
      noServerError: 'billing.errors.no-5xx-on-bad-input',
      jsonBodies: 'billing.http.json-bodies',
      unaskedCoding: 'billing.http.coding-asked-for',
    });
    expect(apiRules(apiOf('DELETE', 'http://h.test/repos/o/r/issues/1/assignees')!).noServerError).toBe(
      'assignees.errors.no-5xx-on-bad-input',
    );
    expect(apiOf('GET', '/approve/abc')).toBeUndefined();
  });
});
