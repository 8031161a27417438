// The faults and variants switched on for one running instance, passed to every handler. A
// handler hands each value a fault may alter to one of the four named points (faults/points.ts);
// the plug-ins of the faults that are on change it there. Which faults and variants are on is
// decided by name in switched-on.ts.

import type {
  FactsArg,
  Plugs,
  RequestAccepted,
  RequestRouted,
  Rendering,
  ResponseRendered,
  SiteName,
  Sites,
  StateChanged,
} from './faults/points.js';
import type { VariantName } from './variants.js';
import type { RuleId } from '../contracts/rules/rule-ids.js';

type AnyPlug = (value: unknown, facts: unknown) => unknown;

export class Behaviour implements Rendering {
  /** The plug-ins of the faults that are on, by site, in the order the faults are listed. */
  private readonly plugs = new Map<string, AnyPlug[]>();
  private readonly variants: ReadonlySet<string>;

  /** `faults`: the plug-ins of each fault that is on, in the order the faults are listed. */
  constructor(faults: readonly Plugs[], variants: readonly VariantName[]) {
    for (const plugs of faults) {
      for (const [site, plug] of Object.entries(plugs)) {
        this.plugs.set(site, [...(this.plugs.get(site) ?? []), plug as AnyPlug]);
      }
    }
    this.variants = new Set(variants);
  }

  static clean(): Behaviour {
    return new Behaviour([], []);
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
