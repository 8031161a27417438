import { FAULTS } from '../../reference/faults/index.js';
import { sharedRun, type SharedRun } from './shared-run.js';

// Two cheap runs that the baseline and compare tests share (made once per `vitest run`): the
// checks of one limit rule (--rule), against the clean reference and against the fault that
// breaks that rule. A few seconds each, where a whole run takes a quarter of a minute.

export const LIMIT_RULE = 'billing.plan.name.length';
export const LIMIT_FAULT = 'plan-name-128-accepted';
/** A second fault that the same checks catch, on another rule. */
export const SECOND_FAULT = 'sequence-100-accepted';

/** The rule a reference fault breaks, from its record. */
export function ruleOfFault(name: string): string {
  const fault = FAULTS.find((candidate) => candidate.name === name);
  if (!fault) throw new Error(`no reference fault named ${name}`);
  return fault.rule;
}

/** The flags of a run of the limit rule's checks, with `seed`. */
export const limitRunArgs = (seed = 7): string[] => ['run', '--seed', String(seed), '--rule', LIMIT_RULE];

export const limitsCleanRun = (): Promise<SharedRun> => sharedRun('limits-clean', limitRunArgs());

export const limitsFaultRun = (): Promise<SharedRun> =>
  sharedRun('limits-fault', [...limitRunArgs(), '--faults', LIMIT_FAULT]);
