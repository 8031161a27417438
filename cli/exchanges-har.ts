import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { scrubSecrets } from '../harness/redact.js';
import { HAR_FILE, countExchanges, writeHar } from '../reports/har.js';
import { toolInfo } from './version.js';

// The run's traffic, beside its reports: the checks append every exchange to a line file as it
// happens; once the reports are written it becomes exchanges.har and the line file goes. A run
// killed before that leaves the line file behind, with everything it sent up to then. A shard
// keeps its lines under shards/ until --merge-reports joins every shard's into one HAR.

export const TRAFFIC_FILE = 'exchanges.ndjson';
export { HAR_FILE };

const shardTraffic = (reportDir: string, shard: string): string => join(reportDir, 'shards', `exchanges-${shard.replace('/', '-of-')}.ndjson`);

/** The traffic file of a run (or shard) about to start in `reportDir`, emptied of an earlier run's lines. */
export function freshTrafficFile(reportDir: string, shard?: string): string {
  const file = shard ? shardTraffic(reportDir, shard) : join(reportDir, TRAFFIC_FILE);
  if (shard) mkdirSync(join(reportDir, 'shards'), { recursive: true });
  rmSync(file, { force: true });
  return file;
}

/** Writes exchanges.har from these traffic files, then removes them; returns the HAR's path and size. */
async function harFrom(traffic: readonly string[], reportDir: string, secrets: readonly string[]): Promise<{ file: string; entries: number }> {
  const file = join(reportDir, HAR_FILE);
  // Secrets were scrubbed from every exchange when it was recorded; this is the last line of
  // defence, as for the reports (a renewed token is scrubbed where it was recorded), entry by
  // entry: a long run's HAR is hundreds of megabytes, never read back whole.
  const entries = await writeHar(traffic, file, toolInfo(), (text) => scrubSecrets(text, secrets));
  for (const lines of traffic) if (existsSync(lines)) rmSync(lines, { force: true });
  return { file, entries };
}

/** exchanges.har of a run that just wrote its reports in `reportDir`. */
export function writeExchangesHar(reportDir: string, secrets: readonly string[]): Promise<{ file: string; entries: number }> {
  return harFrom([join(reportDir, TRAFFIC_FILE)], reportDir, secrets);
}

/** exchanges.har of merged shards: every shard's lines, shard by shard, from each shard's folder. */
export function mergeShardHar(folders: readonly string[], reportDir: string): Promise<{ file: string; entries: number }> {
  const files = folders.flatMap((folder) => {
    const dir = join(folder, 'shards');
    return existsSync(dir) ? readdirSync(dir).filter((name) => /^exchanges-\d+-of-\d+\.ndjson$/.test(name)).map((name) => join(dir, name)) : [];
  });
  return harFrom(files.sort((x, y) => basename(x).localeCompare(basename(y))), reportDir, []);
}

/** What a shard recorded: its exchanges wait in its traffic file for --merge-reports. */
export async function shardExchanges(reportDir: string, shard: string): Promise<{ entries: number }> {
  return { entries: await countExchanges([shardTraffic(reportDir, shard)]) };
}
