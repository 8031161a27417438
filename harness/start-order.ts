import type { CheckModule } from './check-modules.js';

// The order in which a run starts its check modules. A run against a far target lasts at least
// as long as its longest chain of requests that wait for one another; a long chain that starts
// late ends last, with the slots idle around it. In name order the billing scenarios started 8 to
// 12 s into a 15 s run behind 50 ms of latency. So the modules holding the longest chains start
// first, the rest in name order. Measured with `npm run bench` (the critical path of the 50 ms
// run, BENCHMARKS.md); a module missing here only starts later, a verdict never depends on it.

/** Longest chain first, as the bench's critical path measured them (seconds at 50 ms). */
export const LONG_CHAIN_MODULES: readonly string[] = [
  'billing/properties/auth', // 11.7
  'billing/properties/limits-subscriptions', // 9.8
  'billing/properties/query-bounds', // 9.1
  'assignees/properties', // 8.9
  'billing/properties/idempotency', // 8.2
  'billing/properties/accepted-plans', // 7.8
  'billing/properties/shapes', // 6.3
  'billing/properties/limits-plans', // 5.9
  'billing/scenarios/plan-lifecycle', // 5.6
  'billing/scenarios/payment-source-card-rules', // 5.5
  'billing/properties/pagination', // 5.4
  'billing/properties/accepted-subscriptions', // 5.2
  'billing/scenarios/plan-patch', // 4.8
  'billing/scenarios/patch-documents', // 4.3
  'billing/scenarios/patch-limits', // 4.2
  'billing/properties/list-defaults', // 4.0
  'billing/properties/prefer', // 3.9
  'assignees/bodies', // 3.7
  'billing/scenarios/subscription-patch', // 3.5
  'billing/scenarios/subscription-lifecycle', // 3.3
  'billing/properties/read-back', // 2.9
  'billing/scenarios/subscription-patch-refused', // 2.7
];

/** `modules` with the long-chain ones first (in the list's order), the others after in their order. */
export function inStartOrder<T extends Pick<CheckModule, 'name'>>(modules: readonly T[]): T[] {
  const rank = (module: T): number => {
    const index = LONG_CHAIN_MODULES.indexOf(module.name);
    return index < 0 ? LONG_CHAIN_MODULES.length : index;
  };
  return modules
    .map((module, order) => ({ module, order }))
    .sort((a, b) => rank(a.module) - rank(b.module) || a.order - b.order)
    .map(({ module }) => module);
}
