// billing_cycle input and the per-plan cycle rules: 1..12 cycles, at most two TRIAL and one REGULAR.

import type { Validator } from '../http/validator.js';
import type { BillingCycle, TenureType } from './model.js';
import { newPricingScheme, readPricingScheme } from './pricing.js';

const INTERVAL_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'];

/** total_cycles by tenure: TRIAL finite 1..999; REGULAR 0 (infinite) or 1..999. */
export function readTotalCycles(
  v: Validator,
  field: string,
  value: unknown,
  tenure: TenureType | undefined,
): number | undefined {
  const trialMin = v.behaviour.accepted('trial total_cycles min', 1);
  const regularMin = v.behaviour.accepted('regular total_cycles min', 0);
  const trialMax = v.behaviour.accepted('trial total_cycles max', 999);
  return tenure === 'TRIAL'
    ? v.integer(field, value, { min: trialMin, max: trialMax })
    : v.integer(field, value, { min: regularMin, max: 999 });
}

export function readSequence(v: Validator, field: string, value: unknown): number | undefined {
  return v.integer(field, value, { min: 1, max: v.behaviour.accepted('billing cycle sequence max', 99) });
}

export function readBillingCycles(
  v: Validator,
  field: string,
  value: unknown,
  time: string,
): BillingCycle[] | undefined {
  const items = v.array(field, value, { min: 1, max: 12 });
  if (!items) return undefined;
  const cycles: BillingCycle[] = [];
  items.forEach((item, index) => {
    const at = `${field}/${index}`;
    const cycle = v.object(at, item);
    if (!cycle) return;
    v.require(`${at}/tenure_type`, cycle.tenure_type);
    const tenure = v.string(`${at}/tenure_type`, cycle.tenure_type, {
      min: 1,
      max: 24,
      values: ['REGULAR', 'TRIAL'],
    }) as TenureType | undefined;
    v.require(`${at}/sequence`, cycle.sequence);
    const sequence = readSequence(v, `${at}/sequence`, cycle.sequence);
    const totalCycles = readTotalCycles(v, `${at}/total_cycles`, cycle.total_cycles, tenure);
    v.require(`${at}/frequency`, cycle.frequency);
    const frequency = v.object(`${at}/frequency`, cycle.frequency);
    let unit: string | undefined;
    let count: number | undefined;
    if (frequency) {
      v.require(`${at}/frequency/interval_unit`, frequency.interval_unit);
      unit = v.string(
        `${at}/frequency/interval_unit`,
        frequency.interval_unit,
        v.behaviour.variant('interval-units-open')
          ? { min: 1, max: 24, pattern: /^[A-Z_]+$/ }
          : { min: 1, max: 24, values: INTERVAL_UNITS },
      );
      count = v.integer(`${at}/frequency/interval_count`, frequency.interval_count, { min: 1, max: 365 });
    }
    const pricing = readPricingScheme(v, `${at}/pricing_scheme`, cycle.pricing_scheme);
    v.behaviour.accepted('billing cycle checked', undefined, { v, at, tenure, cycle });
    if (tenure && sequence !== undefined && unit !== undefined) {
      cycles.push({
        tenure_type: tenure,
        sequence,
        total_cycles: totalCycles ?? v.behaviour.changed('new billing cycle total_cycles', 1, { tenure }),
        frequency: { interval_unit: unit, interval_count: count ?? 1 },
        ...(pricing ? { pricing_scheme: newPricingScheme(pricing, 1, time) } : {}),
      });
    }
  });
  if (!v.ok) return undefined;
  const trialMax = v.behaviour.accepted('plan TRIAL cycles max', 2);
  const trials = cycles.filter((cycle) => cycle.tenure_type === 'TRIAL').length;
  const regulars = cycles.filter((cycle) => cycle.tenure_type === 'REGULAR').length;
  if (trials > trialMax) v.fail(field, 'TOO_MANY_TRIAL_CYCLES', `A plan has at most two TRIAL cycles (has ${trials}).`);
  const regularMax = v.behaviour.accepted('plan REGULAR cycles max', 1);
  if (regulars > regularMax)
    v.fail(field, 'TOO_MANY_REGULAR_CYCLES', `A plan has at most one REGULAR cycle (has ${regulars}).`);
  const sequences = new Set(cycles.map((cycle) => cycle.sequence));
  if (sequences.size !== cycles.length)
    v.fail(field, 'DUPLICATE_SEQUENCE', 'Each billing cycle needs its own sequence.');
  return v.ok ? cycles : undefined;
}

/** Cycles in run order: a lower sequence runs first. */
export function inRunOrder(cycles: readonly BillingCycle[]): BillingCycle[] {
  return [...cycles].sort((a, b) => a.sequence - b.sequence);
}
