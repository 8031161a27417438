import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Runs a script (the CLI) in this process and, when the process exits, writes to BENCH_RSS_FILE
// its peak resident set size (bytes) and CPU time (ms), both of the whole process: every worker
// thread included.
// Usage: node dist/bench/rss-wrapper.js dist/cli/main.js run ...

const [script, ...args] = process.argv.slice(2);
if (!script) {
  process.stderr.write('usage: rss-wrapper.js SCRIPT [ARGS...]\n');
  process.exit(2);
}
const out = process.env.BENCH_RSS_FILE;
process.on('exit', () => {
  if (!out) return;
  const usage = process.resourceUsage();
  writeFileSync(
    out,
    JSON.stringify({
      peakRssBytes: usage.maxRSS * 1024,
      cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
    }),
  );
});
process.argv = [process.argv[0], script, ...args];
await import(pathToFileURL(script).href);
