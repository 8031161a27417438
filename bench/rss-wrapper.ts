import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Runs a script (the CLI) in this process and, when the process exits, writes its peak resident
// set size (bytes, process.resourceUsage().maxRSS covers every worker thread) to BENCH_RSS_FILE.
// Usage: node dist/bench/rss-wrapper.js dist/cli/main.js run ...

const [script, ...args] = process.argv.slice(2);
if (!script) {
  process.stderr.write('usage: rss-wrapper.js SCRIPT [ARGS...]\n');
  process.exit(2);
}
const out = process.env.BENCH_RSS_FILE;
process.on('exit', () => {
  if (out) writeFileSync(out, String(process.resourceUsage().maxRSS * 1024));
});
process.argv = [process.argv[0], script, ...args];
await import(pathToFileURL(script).href);
