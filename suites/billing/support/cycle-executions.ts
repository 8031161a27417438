// Which billing cycles a subscription has completed, as the server itself reports them in
// billing_info.cycle_executions (cycles_completed has reached a finite total_cycles). When a cycle
// completes (billing time, payments, activation) is not stated, so checks go by the report.

export function completedSequences(doc: unknown): number[] {
  const billing = (doc as { billing_info?: { cycle_executions?: unknown } } | undefined)?.billing_info;
  const executions = billing?.cycle_executions;
  if (!Array.isArray(executions)) return [];
  return executions
    .filter((e): e is { sequence: number; cycles_completed: number; total_cycles: number } => {
      const x = e as Record<string, unknown>;
      return (
        typeof x.sequence === 'number' &&
        typeof x.cycles_completed === 'number' &&
        typeof x.total_cycles === 'number' &&
        x.total_cycles > 0 &&
        x.cycles_completed >= x.total_cycles
      );
    })
    .map((e) => e.sequence);
}

/** The cycle sequences a JSON Patch path names through the @sequence==n selector. */
export function selectedSequence(path: string): number | undefined {
  const match = /\/@sequence==(\d+)(\/|$)/.exec(path);
  return match ? Number(match[1]) : undefined;
}
