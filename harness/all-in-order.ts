// Requests a check may send side by side: a far target answers each late, and one after another
// they add up on the run's critical path. Their requests still share the run's slots.

/**
 * Starts every task at once and waits for all of them, so that none is still sending when the
 * check ends. When some fail, throws the failure of the first in list order: the result does not
 * depend on which answer came first. Answers the tasks' results in their order.
 */
export async function allInOrder<T extends unknown[]>(...tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(tasks.map((task) => task()));
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T;
}
