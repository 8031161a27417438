import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunInfo } from '../reports/build-report.js';
import { UsageError } from './errors.js';

// What each `run --shard i/n` leaves in its --report-dir for `run --merge-reports`:
//   shards/blobs/blob-i-of-n.json  vitest's blob report (only blobs: vitest parses every file there)
//   shards/run-i-of-n.json         the run's settings, to rebuild the merged report's header

export interface ShardRunInfo {
  shard: string;
  info: Omit<RunInfo, 'runErrors'>;
}

const shardsDir = (reportDir: string): string => join(reportDir, 'shards');
const tagOf = (shard: string): string => shard.replace('/', '-of-');

export function blobsDir(reportDir: string): string {
  return join(shardsDir(reportDir), 'blobs');
}

/** Where this shard's blob report goes (the folder is made). */
export function blobFileFor(reportDir: string, shard: string): string {
  mkdirSync(blobsDir(reportDir), { recursive: true });
  return join(blobsDir(reportDir), `blob-${tagOf(shard)}.json`);
}

export function writeShardInfo(reportDir: string, shard: string, info: RunInfo): void {
  const { runErrors: _errors, ...rest } = info;
  const record: ShardRunInfo = { shard, info: rest };
  writeFileSync(join(shardsDir(reportDir), `run-${tagOf(shard)}.json`), `${JSON.stringify(record, null, 2)}\n`);
}

/** Every shard's info; one line naming what is missing or mixed when the set is not whole. */
export function readShardInfos(reportDir: string): ShardRunInfo[] {
  const dir = shardsDir(reportDir);
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => /^run-\d+-of-\d+\.json$/.test(name)) : [];
  if (files.length === 0) throw new UsageError(`--merge-reports: ${dir} holds no shard results (run each shard with --shard i/n and the same --report-dir first)`);
  const infos = files.map((name) => {
    try {
      return JSON.parse(readFileSync(join(dir, name), 'utf8')) as ShardRunInfo;
    } catch (error) {
      throw new UsageError(`--merge-reports: ${join(dir, name)} is not a shard result: ${(error as Error).message}`);
    }
  });
  const counts = new Set(infos.map((record) => record.shard.split('/')[1]));
  if (counts.size > 1) throw new UsageError(`--merge-reports: ${dir} mixes shard counts (${[...counts].map((n) => `/${n}`).join(', ')}); merge the shards of one run`);
  const seeds = new Set(infos.map((record) => record.info.seed));
  if (seeds.size > 1) throw new UsageError(`--merge-reports: the shards ran with different seeds (${[...seeds].join(', ')}); run every shard with the same --seed`);
  const total = Number([...counts][0]);
  const present = new Set(infos.map((record) => Number(record.shard.split('/')[0])));
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((index) => !present.has(index));
  if (missing.length > 0) throw new UsageError(`--merge-reports: shard ${missing.map((i) => `${i}/${total}`).join(', ')} missing from ${dir}`);
  if (!existsSync(blobsDir(reportDir)) || readdirSync(blobsDir(reportDir)).length < total) {
    throw new UsageError(`--merge-reports: ${blobsDir(reportDir)} lacks the blob reports of some shards`);
  }
  return infos.sort((a, b) => Number(a.shard.split('/')[0]) - Number(b.shard.split('/')[0]));
}
