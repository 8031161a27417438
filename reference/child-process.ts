// The embedded reference of `run` (no target given), in a process of its own: its state and its
// garbage stay out of the checker's memory. Started by cli/embedded-reference.ts as
//   node dist/reference/child-process.js [--faults a,b] [--variant c,d]
// It listens on 127.0.0.1 (a free port), writes its target profile as one JSON line on stdout,
// and ends when its stdin closes: when the parent stops it, or dies in any way (SIGKILL too).

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startReference } from './server.js';

/** The one line the parent waits for: what the checker needs to reach this reference. */
export interface ReadyLine {
  profile: Awaited<ReturnType<typeof startReference>>['profile'];
}

// A Ctrl-C in a terminal reaches the whole process group: the parent decides what it means, and
// its interrupted checks still clean up against this reference. A SIGTERM to the group likewise.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

// The benchmark measures this process apart from the checker's (bench/main.ts).
const rssFile = process.env.BENCH_REFERENCE_RSS_FILE;
if (rssFile) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
    writeFileSync(rssFile, JSON.stringify({ peakRssBytes: usage.maxRSS * 1024, cpuMs }));
  });
}

const list = (value: string | undefined): string[] => (value ?? '').split(',').filter(Boolean);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { faults: { type: 'string' }, variant: { type: 'string' } } });
  const reference = await startReference({ faults: list(values.faults), variants: list(values.variant) });
  const ready: ReadyLine = { profile: reference.profile };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  const stop = (): void => {
    // Open keep-alive sockets of a killed parent must not hold the exit up.
    setTimeout(() => process.exit(0), 2_000).unref();
    void reference.close().then(() => process.exit(0));
  };
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}

main().catch((error: unknown) => {
  // One line: the parent shows it as the reason the reference did not start.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message.split('\n')[0]}\n`);
  process.exit(1);
});
