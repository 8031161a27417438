import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LEDGER_FILE } from '../harness/ledger.js';
import type { RunInfo } from '../reports/build-report.js';
import { UsageError } from './errors.js';

// What each `run --shard i/n` leaves in its --report-dir for `run --merge-reports` (one folder
// shared by every shard, or a folder per shard, as separate machines leave them):
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

/** Whether a folder holds the results of a shard run (its --report-dir). */
const holdsShards = (folder: string): boolean =>
  existsSync(shardsDir(folder)) && readdirSync(shardsDir(folder)).some((name) => /^run-\d+-of-\d+\.json$/.test(name));

/**
 * The --report-dir folders of the shards to merge from `dir`: `dir` itself (shards that shared
 * one folder), and each folder in it that holds a shard's results (shards run on separate
 * machines, each folder downloaded as a CI artifact).
 */
export function shardFolders(dir: string): string[] {
  const inside = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(dir, entry.name))
    : [];
  return [dir, ...inside.sort()].filter(holdsShards);
}

/** Every shard's info; one line naming what is missing or mixed when the set is not whole. */
export function readShardInfos(dir: string, folders: readonly string[]): ShardRunInfo[] {
  if (folders.length === 0)
    throw new UsageError(
      `--merge-reports: ${dir} holds no shard results, nor does any folder in it (run each shard ` +
        `with --shard i/n and the same --seed first)`,
    );
  const infos = folders.flatMap((folder) =>
    readdirSync(shardsDir(folder))
      .filter((name) => /^run-\d+-of-\d+\.json$/.test(name))
      .map((name) => {
        try {
          return JSON.parse(readFileSync(join(shardsDir(folder), name), 'utf8')) as ShardRunInfo;
        } catch (error) {
          throw new UsageError(
            `--merge-reports: ${join(shardsDir(folder), name)} is not a shard result: ${(error as Error).message}`,
          );
        }
      }),
  );
  const counts = new Set(infos.map((record) => record.shard.split('/')[1]));
  if (counts.size > 1)
    throw new UsageError(
      `--merge-reports: ${dir} mixes shard counts (${[...counts].map((n) => `/${n}`).join(', ')}); ` +
        `merge the shards of one run`,
    );
  const seeds = new Set(infos.map((record) => record.info.seed));
  if (seeds.size > 1)
    throw new UsageError(
      `--merge-reports: the shards ran with different seeds (${[...seeds].join(', ')}); run ` +
        `every shard with the same --seed`,
    );
  const total = Number([...counts][0]);
  const present = new Set(infos.map((record) => Number(record.shard.split('/')[0])));
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((index) => !present.has(index));
  if (missing.length > 0)
    throw new UsageError(
      `--merge-reports: shard ${missing.map((i) => `${i}/${total}`).join(', ')} missing from ${dir}`,
    );
  const blobs = folders.flatMap((folder) => (existsSync(blobsDir(folder)) ? readdirSync(blobsDir(folder)) : []));
  if (new Set(blobs).size < total)
    throw new UsageError(
      `--merge-reports: ${dir} lacks the blob reports of some shards (shards/blobs/ in each shard's folder)`,
    );
  return infos.sort((a, b) => Number(a.shard.split('/')[0]) - Number(b.shard.split('/')[0]));
}

/** Every shard's blob report in one new folder, as vitest merges them; the caller removes it. */
export function gatheredBlobs(folders: readonly string[]): string {
  const into = mkdtempSync(join(tmpdir(), 'api-conformance-blobs-'));
  for (const folder of folders) {
    if (!existsSync(blobsDir(folder))) continue;
    for (const name of readdirSync(blobsDir(folder))) copyFileSync(join(blobsDir(folder), name), join(into, name));
  }
  return into;
}

/**
 * The merged run's ledger.jsonl in `reportDir`: every shard's, so that one cleanup retires what
 * all of them created. Shards that shared `reportDir` already wrote to this one; written afresh
 * otherwise, so that merging twice lists nothing twice.
 */
export function mergeLedgers(folders: readonly string[], reportDir: string): void {
  if (folders.length === 1 && resolve(folders[0]) === resolve(reportDir)) return;
  const ledgers = folders.map((folder) => join(folder, LEDGER_FILE)).filter((file) => existsSync(file));
  const text = ledgers.map((file) => readFileSync(file, 'utf8')).filter((lines) => lines !== '');
  writeFileSync(
    join(reportDir, LEDGER_FILE),
    text.map((lines) => (lines.endsWith('\n') ? lines : `${lines}\n`)).join(''),
  );
}
