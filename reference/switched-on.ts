// The Behaviour of one instance from the names it was started with: every name checked against
// the faults (faults/index.ts) and variants (variants.ts) there are. It sits above both the
// Behaviour and the faults, since the faults' plug-ins use what the handlers use.

import { Behaviour } from './behaviour.js';
import { FAULT_PLUGS, SWITCHABLE_FAULTS } from './faults/index.js';
import { RESPONSE_FAULT_PREFIX } from './faults/response-breaking.js';
import { REQUEST_FAULT_PREFIX } from './faults/request-accepting.js';
import { VARIANTS, type VariantName } from './variants.js';

/** An unknown fault or variant name was asked for. */
export class ReferenceOptionError extends Error {
  constructor(kind: 'fault' | 'variant', name: string, valid: readonly string[]) {
    // The generated faults are named by rule: counted, not listed one by one.
    const generated = valid.filter(
      (known) => known.startsWith(RESPONSE_FAULT_PREFIX) || known.startsWith(REQUEST_FAULT_PREFIX),
    );
    const listed = valid.filter((known) => !generated.includes(known));
    const more =
      generated.length > 0
        ? `, and ${generated.length} generated from the contracts (${RESPONSE_FAULT_PREFIX}<rule>, ` +
          `${REQUEST_FAULT_PREFIX}<rule>)`
        : '';
    super(`Unknown ${kind} "${name}". Valid ${kind}s: ${listed.join(', ')}${more}`);
    this.name = 'ReferenceOptionError';
  }
}

/** Throws ReferenceOptionError for any name that is not in SWITCHABLE_FAULTS or VARIANTS. */
export function switchedOn(faults: readonly string[] = [], variants: readonly string[] = []): Behaviour {
  const faultNames = SWITCHABLE_FAULTS.map((fault) => fault.name);
  const variantNames: readonly string[] = VARIANTS.map((variant) => variant.name);
  for (const name of faults) if (!faultNames.includes(name)) throw new ReferenceOptionError('fault', name, faultNames);
  for (const name of variants)
    if (!variantNames.includes(name)) throw new ReferenceOptionError('variant', name, variantNames);
  // In the order the faults are listed, each once.
  const on = faultNames.filter((known) => faults.includes(known));
  return new Behaviour(
    on.map((name) => FAULT_PLUGS(name)),
    variants as readonly VariantName[],
  );
}
