// The faults and variants switched on for one running instance, passed to every handler.

import { SWITCHABLE_FAULTS, type FaultName } from './faults.js';
import { RESPONSE_FAULT_PREFIX } from './faults/response-breaking.js';
import { REQUEST_FAULT_PREFIX } from './faults/request-accepting.js';
import { queryRuleTaken } from './faults/query-taken.js';
import { VARIANTS, type VariantName } from './variants.js';

/** An unknown fault or variant name was asked for. */
export class ReferenceOptionError extends Error {
  constructor(kind: 'fault' | 'variant', name: string, valid: readonly string[]) {
    // The generated faults are named by rule: counted, not listed one by one.
    const generated = valid.filter((known) => known.startsWith(RESPONSE_FAULT_PREFIX) || known.startsWith(REQUEST_FAULT_PREFIX));
    const listed = valid.filter((known) => !generated.includes(known));
    const more = generated.length > 0 ? `, and ${generated.length} generated from the contracts (${RESPONSE_FAULT_PREFIX}<rule>, ${REQUEST_FAULT_PREFIX}<rule>)` : '';
    super(`Unknown ${kind} "${name}". Valid ${kind}s: ${listed.join(', ')}${more}`);
    this.name = 'ReferenceOptionError';
  }
}

export class Behaviour {
  private constructor(
    private readonly faults: ReadonlySet<string>,
    private readonly variants: ReadonlySet<string>,
  ) {}

  static clean(): Behaviour {
    return new Behaviour(new Set(), new Set());
  }

  /** Throws ReferenceOptionError for any name that is not in FAULTS or VARIANTS. */
  static from(faults: readonly string[] = [], variants: readonly string[] = []): Behaviour {
    const faultNames = SWITCHABLE_FAULTS.map((fault) => fault.name);
    const variantNames = VARIANTS.map((variant) => variant.name);
    for (const name of faults) if (!faultNames.includes(name)) throw new ReferenceOptionError('fault', name, faultNames);
    for (const name of variants) if (!variantNames.includes(name)) throw new ReferenceOptionError('variant', name, variantNames);
    return new Behaviour(new Set(faults), new Set(variants));
  }

  fault(name: FaultName): boolean {
    return this.faults.has(name);
  }

  /** The rule a fault generated from the response contracts breaks in every answer, if one is on. */
  responseRuleBroken(): string | undefined {
    for (const name of this.faults) if (name.startsWith(RESPONSE_FAULT_PREFIX)) return name.slice(RESPONSE_FAULT_PREFIX.length);
    return undefined;
  }

  /** Whether a fault is on, by name (the table-driven and generated faults, whose names are data). */
  has(name: string): boolean {
    return this.faults.has(name);
  }

  /** The rule a request-accepting (or query-taken) fault that is on no longer enforces, if any. */
  requestRuleUnenforced(): string | undefined {
    for (const name of this.faults) if (name.startsWith(REQUEST_FAULT_PREFIX)) return name.slice(REQUEST_FAULT_PREFIX.length);
    return queryRuleTaken((name) => this.faults.has(name));
  }

  variant(name: VariantName): boolean {
    return this.variants.has(name);
  }
}
