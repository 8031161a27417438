/**
 * A run's id, from its seed: the prefix of what it creates (custom_id, names) and the run named
 * in its ledger. `run` and `run --plan` must agree, so both take it from here.
 */
export function runIdOf(seed: number): string {
  return `cnf${seed.toString(36)}`;
}
