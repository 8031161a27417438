import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './operations.js';
import { OPERATION_CONTRACTS, preferOf, responseContract } from './operation-contracts.js';
import { ruleById } from './rules/index.js';
import { ALL_SCHEMA_IDS } from './schema-ids.js';

describe('the contracts of each operation', () => {
  it('cover every operation of both specs, with catalog rules and known contracts', () => {
    expect(Object.keys(OPERATION_CONTRACTS).sort()).toEqual(OPERATIONS.map((operation) => operation.name).sort());
    for (const [name, contracts] of Object.entries(OPERATION_CONTRACTS)) {
      expect(ruleById(contracts.successRule), `${name}: ${contracts.successRule}`).toBeDefined();
      expect(contracts.successRule.endsWith(`status-${contracts.success}`), name).toBe(true);
      const schemas = [
        contracts.body,
        contracts.query,
        contracts.headers,
        ...(typeof contracts.response === 'object' ? Object.values(contracts.response) : [contracts.response]),
      ];
      for (const schema of schemas.filter((id): id is string => id !== undefined))
        expect(ALL_SCHEMA_IDS, `${name}: ${schema}`).toContain(schema);
    }
  });

  it('read Prefer as the spec does: representation only when asked, minimal by default', () => {
    expect(preferOf(undefined)).toBe('minimal');
    expect(preferOf('return=minimal')).toBe('minimal');
    expect(preferOf('respond-async, return=representation')).toBe('representation');
    expect(responseContract(OPERATION_CONTRACTS['create plan'], 'return=representation')).toMatch(
      /create-plan-response-representation/,
    );
    expect(responseContract(OPERATION_CONTRACTS['show plan'], 'return=representation')).toMatch(/show-plan-response/);
  });
});
