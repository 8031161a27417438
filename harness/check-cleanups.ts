// What a check created is retired when it ends, pass or fail: its cleanups run last registered
// first (restore a fixture, then release the lock on it), each on its own, so that one that
// fails does not keep the others from running.

export class CheckCleanups {
  private readonly stack: Array<() => Promise<unknown>> = [];

  add(cleanup: () => Promise<unknown>): void {
    this.stack.push(cleanup);
  }

  /** Runs them all, newest first; returns a line per cleanup that did not complete. */
  async runAll(): Promise<string[]> {
    const problems: string[] = [];
    for (const cleanup of this.stack.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        problems.push(`cleanup did not complete: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return problems;
  }
}
