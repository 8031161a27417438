// The faults and variants switched on for one running instance, passed to every handler. A
// handler hands each value a fault may alter to one of the four named points (faults/points.ts);
// the plug-ins of the faults that are on change it there.

import { FAULT_PLUGS, SWITCHABLE_FAULTS } from './faults/index.js';
import type {
  FactsArg,
  RequestAccepted,
  RequestRouted,
  ResponseRendered,
  SiteName,
  Sites,
  StateChanged,
} from './faults/points.js';
import { RESPONSE_FAULT_PREFIX } from './faults/response-breaking.js';
import { REQUEST_FAULT_PREFIX } from './faults/request-accepting.js';
import { VARIANTS, type VariantName } from './variants.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

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

type AnyPlug = (value: unknown, facts: unknown) => unknown;

export class Behaviour {
  private constructor(
    /** The plug-ins of the faults that are on, by site, in the order the faults are listed. */
    private readonly plugs: ReadonlyMap<string, readonly AnyPlug[]>,
    private readonly variants: ReadonlySet<string>,
  ) {}

  static clean(): Behaviour {
    return new Behaviour(new Map(), new Set());
  }

  /** Throws ReferenceOptionError for any name that is not in FAULTS or VARIANTS. */
  static from(faults: readonly string[] = [], variants: readonly string[] = []): Behaviour {
    const faultNames = SWITCHABLE_FAULTS.map((fault) => fault.name);
    const variantNames = VARIANTS.map((variant) => variant.name);
    for (const name of faults)
      if (!faultNames.includes(name)) throw new ReferenceOptionError('fault', name, faultNames);
    for (const name of variants)
      if (!variantNames.includes(name)) throw new ReferenceOptionError('variant', name, variantNames);
    const plugs = new Map<string, AnyPlug[]>();
    for (const name of faultNames.filter((known) => faults.includes(known))) {
      for (const [site, plug] of Object.entries(FAULT_PLUGS(name))) {
        plugs.set(site, [...(plugs.get(site) ?? []), plug as AnyPlug]);
      }
    }
    return new Behaviour(plugs, new Set(variants));
  }

  /** request routed: the value at `site` after the plug-ins of the faults that are on. */
  routed<S extends keyof RequestRouted>(
    site: S,
    value: Sites[S]['value'],
    ...facts: FactsArg<Sites[S]['facts']>
  ): Sites[S]['value'] {
    return this.apply(site, value, facts[0]);
  }

  /** request accepted: whether the check of `rule` done by hand is made (a plug-in may skip it). */
  checks(rule: RuleId): boolean {
    return this.accepted('rule checked', true, { rule });
  }

  /** request accepted: the value at `site` after the plug-ins of the faults that are on. */
  accepted<S extends keyof RequestAccepted>(
    site: S,
    value: Sites[S]['value'],
    ...facts: FactsArg<Sites[S]['facts']>
  ): Sites[S]['value'] {
    return this.apply(site, value, facts[0]);
  }

  /** state changed: the value at `site` after the plug-ins of the faults that are on. */
  changed<S extends keyof StateChanged>(
    site: S,
    value: Sites[S]['value'],
    ...facts: FactsArg<Sites[S]['facts']>
  ): Sites[S]['value'] {
    return this.apply(site, value, facts[0]);
  }

  /** response rendered: the value at `site` after the plug-ins of the faults that are on. */
  rendered<S extends keyof ResponseRendered>(
    site: S,
    value: Sites[S]['value'],
    ...facts: FactsArg<Sites[S]['facts']>
  ): Sites[S]['value'] {
    return this.apply(site, value, facts[0]);
  }

  private apply<S extends SiteName>(site: S, value: Sites[S]['value'], facts: unknown): Sites[S]['value'] {
    let result: unknown = value;
    for (const plug of this.plugs.get(site) ?? []) result = plug(result, facts);
    return result;
  }

  variant(name: VariantName): boolean {
    return this.variants.has(name);
  }
}
