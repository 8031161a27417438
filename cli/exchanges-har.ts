import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { appendHarEntries, sealedEntryLines, sealHar, startHar } from '../harness/har-file.js';
import { scrubSecrets } from '../harness/redact.js';
import { HAR_FILE } from '../reports/har.js';
import { toolInfo } from './version.js';

// The run's traffic, beside its reports: exchanges.har is begun before the first check and
// written as checks end (harness/har-file.ts); once they have all ended it is sealed. A shard
// seals its own under shards/ until --merge-reports joins every shard's into one HAR.

export { HAR_FILE };

const SHARD_HAR = /^exchanges-\d+-of-\d+\.har$/;

const shardHar = (reportDir: string, shard: string): string =>
  join(reportDir, 'shards', `exchanges-${shard.replace('/', '-of-')}.har`);

/** The HAR a run (or shard) about to start in `reportDir` writes as it goes, begun afresh. */
export function freshTrafficFile(reportDir: string, shard?: string): string {
  const har = shard ? shardHar(reportDir, shard) : join(reportDir, HAR_FILE);
  if (shard) mkdirSync(join(reportDir, 'shards'), { recursive: true });
  startHar(har, toolInfo());
  return har;
}

/**
 * exchanges.har of a run whose checks have ended, sealed; returns its path and size. Secrets
 * were scrubbed from every exchange when it was recorded, and from its entry when its check
 * ended; the exchanges of checks that never ended are scrubbed of the target's here.
 */
export function sealExchangesHar(reportDir: string, secrets: readonly string[]): { file: string; entries: number } {
  const file = join(reportDir, HAR_FILE);
  return { file, entries: sealHar(file, (text) => scrubSecrets(text, secrets)) };
}

/** What a shard recorded, sealed: its exchanges wait under shards/ for --merge-reports. */
export function sealShardHar(reportDir: string, shard: string, secrets: readonly string[]): { entries: number } {
  return { entries: sealHar(shardHar(reportDir, shard), (text) => scrubSecrets(text, secrets)) };
}

/** exchanges.har of merged shards: every shard's entries, shard by shard, from each shard's folder. */
export function mergeShardHar(folders: readonly string[], reportDir: string): { file: string; entries: number } {
  const shards = folders.flatMap((folder) => {
    const dir = join(folder, 'shards');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => SHARD_HAR.test(name))
      .map((name) => join(dir, name));
  });
  const file = join(reportDir, HAR_FILE);
  startHar(file, toolInfo());
  shards.sort((x, y) => basename(x).localeCompare(basename(y)));
  for (const shard of shards) appendHarEntries(file, sealedEntryLines(shard));
  return { file, entries: sealHar(file) };
}
