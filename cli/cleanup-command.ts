import { resolve } from 'node:path';
import type { Reply } from '../harness/exchange.js';
import { closeSharedAgent, HttpClient, TransportError } from '../harness/http-client.js';
import { LedgerError, readLedger, type LedgerEntry } from '../harness/ledger.js';
import { rateBucket } from '../harness/rate-bucket.js';
import { requestSlots } from '../harness/request-slots.js';
import {
  retireAssignees,
  retirePlan,
  retireSubscription,
  LIVE_SUBSCRIPTION_STATES,
  type Retirement,
  type Send,
} from '../harness/retire.js';
import { secretsOf } from '../harness/secrets.js';
import { tokenAt, type TargetProfile, type TokenField } from '../contracts/target-profile.js';
import { tokenRefresher } from '../harness/token-source.js';
import { warningText } from './colour.js';
import { EXIT, UsageError } from './errors.js';
import { integerFlag, parseFlags, rateFlag, type Flags } from './options.js';
import { probe } from './probe.js';
import { checkBaseUrl } from './base-url.js';
import { loadTargetProfile } from './target-file.js';

export const CLEANUP_HELP = `Usage: api-conformance cleanup --ledger FILE --target FILE [options]

Retires what a run created and the target still holds, as the run's ledger lists it
(ledger.jsonl in its report folder, written as each resource is created, so it survives a
run that was killed): plans deactivated (a CREATED one activated first when the server will
not deactivate it as it is), subscriptions cancelled (those of the ledger, and any other live
one on the run's plans: created while the run was being killed), assignees the run added
removed again (with the push token when the profile has one). What is already retired is left
alone: running it twice is safe. A listed subscription is taken as on the run's plans by its
own plan_id, never by the server's plan_ids filter alone (a server that ignores it lists
everyone's): the others are left alone and counted.

  --ledger FILE        the run's ledger.jsonl
  --target FILE        the target profile the run used (its tokens; "\${ENV}" reads the
                       environment)
  --base-url URL       overrides the profile's baseUrl, as in run
  --concurrency N      requests in flight at once, at most (default 4)
  --timeout-ms N       timeout of every request (default 10000)
  --rate N             at most N requests per second (default: no bound)
  --help               this text

Only what the ledger recorded against the profile's base URL is touched: the profile's tokens
are never sent anywhere else. The last line says what was retired, what was already retired
and what could not be retired (each named on a line above it).

Exit codes: 0 nothing the run created is live any more (a subscription still awaiting approval
that the server will not cancel may stay; it is named), 1 something could not be retired, 2
usage, profile or ledger error, 3 the target could not be reached.`;

const FLAGS = {
  ledger: { type: 'string' },
  target: { type: 'string' },
  'base-url': { type: 'string' },
  concurrency: { type: 'string' },
  'timeout-ms': { type: 'string' },
  rate: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Kind = LedgerEntry['kind'];

/** One thing to retire: a ledger entry (assignees merged per issue), or a subscription found on the run's plans. */
interface Task {
  kind: Kind;
  /** "plan P-…", "subscription I-…", "assignees of octo/hello#1". */
  label: string;
  tokenField: TokenField;
  retire: (send: Send) => Promise<Retirement>;
}

/** The token field a kind is retired with when the ledger names none the profile has. */
const DEFAULT_FIELD: Record<Kind, TokenField> = {
  plan: 'billing.token',
  subscription: 'billing.token',
  assignees: 'assignees.tokens.push',
};

/**
 * The token field an entry is retired with. Assignees are removed with the push token whenever
 * the profile has one, as the checks' own restore does: an assignee a server wrongly let the
 * read token add is not removed with the read token. Otherwise the field the ledger recorded.
 */
function fieldFor(entry: LedgerEntry, target: TargetProfile): TokenField {
  if (entry.kind === 'assignees' && tokenAt(target, 'assignees.tokens.push') !== undefined)
    return 'assignees.tokens.push';
  return entry.tokenField && tokenAt(target, entry.tokenField) !== undefined
    ? entry.tokenField
    : DEFAULT_FIELD[entry.kind];
}

const sameBase = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

const reasonOf = (runId: string | undefined): string => `${runId ?? 'conformance run'} cleanup`;

/** The tasks of a ledger: each plan and subscription once, each issue's added logins together. */
function tasksOf(entries: readonly LedgerEntry[], target: TargetProfile): Task[] {
  const tasks = new Map<string, Task>();
  const addedByIssue = new Map<string, Set<string>>();
  for (const entry of entries) {
    const field = fieldFor(entry, target);
    if (entry.kind === 'assignees') {
      const repo = `/repos/${encodeURIComponent(entry.owner)}/${encodeURIComponent(entry.repo)}`;
      const path = `${repo}/issues/${entry.issueNumber}/assignees`;
      const key = `assignees ${path.toLowerCase()}`;
      let added = addedByIssue.get(key);
      if (!added) {
        const logins = new Set<string>();
        added = logins;
        addedByIssue.set(key, logins);
        tasks.set(key, {
          kind: 'assignees',
          label: `assignees of ${entry.owner}/${entry.repo}#${entry.issueNumber}`,
          tokenField: field,
          retire: (send) => retireAssignees(send, path, [...logins]),
        });
      }
      for (const login of entry.added)
        if (![...added].some((l) => l.toLowerCase() === login.toLowerCase())) added.add(login);
    } else if (!tasks.has(`${entry.kind} ${entry.id}`)) {
      const { id, run } = entry;
      const retire =
        entry.kind === 'plan'
          ? (send: Send) => retirePlan(send, id)
          : (send: Send) => retireSubscription(send, id, reasonOf(run));
      tasks.set(`${entry.kind} ${id}`, { kind: entry.kind, label: `${entry.kind} ${id}`, tokenField: field, retire });
    }
  }
  return [...tasks.values()];
}

/** Runs `work` on every item, at most `width` at once. */
async function eachAtMost<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** Lines naming what could not be retired, at most: the rest are counted. */
const LISTED = 20;
const PLAN_IDS_PER_LIST = 50;
const PAGES_PER_LIST = 100;

/** The note on listed subscriptions that are not on the run's plans (`unknown`: with no plan_id shown). */
function leftAloneNote(count: number, unknown: number): string {
  const what = `${count} listed subscription${count === 1 ? ' was' : 's were'} left alone`;
  return `${what}: not on the run's plans${unknown > 0 ? ` (${unknown} with no plan_id to be read)` : ''}`;
}

/**
 * Live subscriptions on the run's plans that the ledger does not list: a subscription whose
 * creation was answered as the run was being killed. A run's plans are its own, so whatever is
 * subscribed to them is the run's. The server's plan_ids filter is not trusted: a server that
 * ignores it lists every subscription it holds (a shared staging server: other people's), so
 * only an item whose plan_id is one of the plans asked for is taken; an item that shows no
 * plan_id is looked up once (a spec-valid list may leave it out) and left alone when its plan
 * still cannot be read.
 */
async function subscriptionsOnPlans(
  list: (path: string, query: Record<string, string | number>) => Promise<Reply>,
  show: Send,
  planIds: readonly string[],
  known: ReadonlySet<string>,
  runId: string | undefined,
  notes: string[],
): Promise<Task[]> {
  const found = new Map<string, Task>();
  const listed = new Set<string>();
  const onRunPlans = new Set<string>();
  const shownPlan = new Map<string, { planId?: string; status?: string }>();
  const planOf = async (id: string): Promise<{ planId?: string; status?: string }> => {
    let shown = shownPlan.get(id);
    if (!shown) {
      const reply = await show('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
      const json =
        reply.status === 200 ? (reply.json as { plan_id?: unknown; status?: unknown } | null | undefined) : undefined;
      shown = {
        ...(typeof json?.plan_id === 'string' ? { planId: json.plan_id } : {}),
        ...(typeof json?.status === 'string' ? { status: json.status } : {}),
      };
      shownPlan.set(id, shown);
    }
    return shown;
  };
  const report = (): Task[] => {
    const leftAlone = [...listed].filter((id) => !onRunPlans.has(id));
    if (leftAlone.length > 0) {
      const unknown = leftAlone.filter((id) => shownPlan.has(id) && shownPlan.get(id)!.planId === undefined).length;
      notes.push(leftAloneNote(leftAlone.length, unknown));
    }
    return [...found.values()];
  };
  for (let at = 0; at < planIds.length; at += PLAN_IDS_PER_LIST) {
    const chunk = planIds.slice(at, at + PLAN_IDS_PER_LIST);
    const asked = new Set(chunk);
    for (let page = 1; page <= PAGES_PER_LIST; page += 1) {
      const reply = await list('/v1/billing/subscriptions', { plan_ids: chunk.join(','), page_size: 20, page });
      const items = (reply.json as { subscriptions?: unknown } | null | undefined)?.subscriptions;
      if (reply.status !== 200 || !Array.isArray(items)) {
        notes.push(
          `listing the subscriptions of the run's plans answered ${reply.status}: only the ledger's ` +
            `subscriptions were looked at`,
        );
        return report();
      }
      for (const item of items as Array<{ id?: unknown; status?: unknown; plan_id?: unknown } | null>) {
        if (typeof item?.id !== 'string') continue;
        const id = item.id;
        listed.add(id);
        // The ledger's own: retired as the ledger lists it.
        if (known.has(id)) {
          onRunPlans.add(id);
          continue;
        }
        let planId = typeof item.plan_id === 'string' ? item.plan_id : undefined;
        let status = typeof item.status === 'string' ? item.status : undefined;
        if (planId === undefined) {
          const shown = await planOf(id);
          planId = shown.planId;
          status ??= shown.status;
        }
        if (planId === undefined || !asked.has(planId)) continue;
        onRunPlans.add(id);
        if (found.has(id)) continue;
        if (status !== undefined && !(LIVE_SUBSCRIPTION_STATES as readonly string[]).includes(status)) continue;
        found.set(id, {
          kind: 'subscription',
          label: `subscription ${id} (on a plan of the run, not in the ledger)`,
          tokenField: 'billing.token',
          retire: (s) => retireSubscription(s, id, reasonOf(runId), status),
        });
      }
      if (items.length < 20) break;
    }
  }
  return report();
}

const KIND_WORDS: Record<Kind, [string, string]> = {
  plan: ['plan', 'plans'],
  subscription: ['subscription', 'subscriptions'],
  assignees: ["issue's assignees", "issues' assignees"],
};

/** "3 plans, 1 subscription", or "none". */
function countText(items: ReadonlyArray<{ kind: Kind }>): string {
  const parts = (['plan', 'subscription', 'assignees'] as const)
    .map((kind) => [kind, items.filter((item) => item.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${KIND_WORDS[kind][n === 1 ? 0 : 1]}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

type Outcome = { kind: Kind; label: string } & Retirement;

interface CleanupOptions {
  ledgerFile: string;
  targetFile: string;
  baseUrl?: string;
  concurrency: number;
  timeoutMs: number;
  rate?: number;
}

function cleanupOptions(flags: Flags): CleanupOptions {
  if (typeof flags.ledger !== 'string')
    throw new UsageError('cleanup: --ledger FILE is required (the ledger.jsonl in the report folder of the run)');
  if (typeof flags.target !== 'string') {
    throw new UsageError(
      'cleanup: --target FILE is required (the target profile the run used: its tokens retire what the run created)',
    );
  }
  const baseUrl = typeof flags['base-url'] === 'string' ? flags['base-url'] : undefined;
  if (baseUrl !== undefined) checkBaseUrl(baseUrl, '--base-url');
  const rate = rateFlag(flags.rate);
  return {
    ledgerFile: flags.ledger,
    targetFile: flags.target,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    concurrency: integerFlag(flags.concurrency, 'concurrency', 1, 256) ?? 4,
    timeoutMs: integerFlag(flags['timeout-ms'], 'timeout-ms', 100, 600_000) ?? 10_000,
    ...(rate !== undefined ? { rate } : {}),
  };
}

function readLedgerFlag(file: string): ReturnType<typeof readLedger> {
  let ledger: ReturnType<typeof readLedger>;
  try {
    ledger = readLedger(resolve(file));
  } catch (error) {
    if (error instanceof LedgerError) throw new UsageError(`--ledger: ${error.message}`);
    throw error;
  }
  const warn = (text: string): void => {
    process.stderr.write(`${warningText('warning:', process.stderr)} ${text}\n`);
  };
  for (const { line, problem } of ledger.unreadable.slice(0, 5))
    warn(`${file} line ${line} is not a ledger entry (${problem}): skipped`);
  if (ledger.unreadable.length > 5)
    warn(`${ledger.unreadable.length - 5} more lines of ${file} are not ledger entries`);
  return ledger;
}

type Entry = ReturnType<typeof readLedger>['entries'][number];

/** Retires what the ledger lists on this target: subscriptions first, then plans and assignees. */
async function retireAll(
  target: TargetProfile,
  here: readonly Entry[],
  options: CleanupOptions,
): Promise<{ outcomes: Outcome[]; notes: string[] }> {
  const { concurrency, timeoutMs, rate } = options;
  const tasks = tasksOf(here, target);
  const runId = here.find((entry) => entry.run)?.run;
  const outcomes: Outcome[] = [];
  const notes: string[] = [];
  try {
    if (tasks.length > 0) await probe(target, timeoutMs);
    // Made after the probe: a client with other settings replaces the process's dispatcher.
    const secrets = secretsOf(target);
    const tokens = tokenRefresher(target, 'cleanup', secrets);
    const http = new HttpClient({
      baseUrl: target.baseUrl,
      timeoutMs,
      secrets: tokens?.secrets ?? secrets,
      connections: concurrency,
      slots: requestSlots(concurrency),
      ...(rate !== undefined ? { rate: rateBucket(rate, 'cleanup') } : {}),
      ...(tokens ? { tokens } : {}),
    });
    const senderFor = (field: TokenField): Send | undefined => {
      const token = tokenAt(target, field);
      if (token === undefined) return undefined;
      return (method, path, json) => http.send({ method, path, token, ...(json !== undefined ? { json } : {}) });
    };
    const run = async (task: Task): Promise<void> => {
      outcomes.push({ kind: task.kind, label: task.label, ...(await retireOne(task, senderFor(task.tokenField))) });
    };
    await eachAtMost(
      tasks.filter((task) => task.kind === 'subscription'),
      concurrency,
      run,
    );
    const billing = senderFor('billing.token');
    const planIds = [...new Set(here.flatMap((entry) => (entry.kind === 'plan' ? [entry.id] : [])))];
    if (billing && planIds.length > 0) {
      const token = tokenAt(target, 'billing.token')!;
      const list = (path: string, query: Record<string, string | number>): Promise<Reply> =>
        http.send({ method: 'GET', path, query, token });
      const known = new Set(here.flatMap((entry) => (entry.kind === 'subscription' ? [entry.id] : [])));
      try {
        await eachAtMost(await subscriptionsOnPlans(list, billing, planIds, known, runId, notes), concurrency, run);
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        notes.push(
          `listing the subscriptions of the run's plans failed (${error.message}): only the ledger's ` +
            `subscriptions were looked at`,
        );
      }
    }
    await eachAtMost(
      tasks.filter((task) => task.kind !== 'subscription'),
      concurrency,
      run,
    );
  } finally {
    await closeSharedAgent();
  }
  return { outcomes, notes };
}

async function retireOne(task: Task, send: Send | undefined): Promise<Retirement> {
  if (!send) return { outcome: 'not retired', detail: `the profile gives no ${task.tokenField}` };
  try {
    return await task.retire(send);
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return { outcome: 'not retired', detail: error.message };
  }
}

export async function cleanupCommand(args: string[], out: (text: string) => void): Promise<number> {
  const flags = parseFlags(args, FLAGS, 'cleanup');
  if (flags.help) {
    out(CLEANUP_HELP);
    return EXIT.conformant;
  }
  const options = cleanupOptions(flags);
  const target = loadTargetProfile(options.targetFile, options.baseUrl);
  const ledger = readLedgerFlag(options.ledgerFile);
  if (ledger.entries.length === 0) {
    out(`cleanup: ${options.ledgerFile} lists nothing the run created: nothing to retire`);
    return ledger.unreadable.length > 0 ? EXIT.notConformant : EXIT.conformant;
  }
  const elsewhere = ledger.entries.filter((entry) => !sameBase(entry.baseUrl, target.baseUrl));
  const here = ledger.entries.filter((entry) => sameBase(entry.baseUrl, target.baseUrl));
  const { outcomes, notes } = await retireAll(target, here, options);

  for (const entry of elsewhere) {
    const label =
      entry.kind === 'assignees'
        ? `assignees of ${entry.owner}/${entry.repo}#${entry.issueNumber}`
        : `${entry.kind} ${entry.id}`;
    const detail =
      `recorded against ${entry.baseUrl}, not the profile's ${target.baseUrl}: its tokens are ` + `not sent there`;
    outcomes.push({ kind: entry.kind, label, outcome: 'not retired', detail });
  }
  for (const note of notes) out(`  note: ${note}`);
  const failed = outcomes.filter((o) => o.outcome === 'not retired');
  for (const o of failed.slice(0, LISTED)) out(`  not retired: ${o.label}: ${o.detail}`);
  if (failed.length > LISTED) out(`  ... and ${failed.length - LISTED} more not retired`);
  const retired = outcomes.filter((o) => o.outcome === 'retired');
  const already = outcomes.filter((o) => o.outcome === 'already retired');
  const pending = failed.filter((o) => o.awaitingApproval);
  const waiting = pending.length > 0 ? ` (${pending.length} awaiting approval, which the server will not cancel)` : '';
  const notRetired = failed.length === 0 ? 'nothing' : `${countText(failed)}${waiting}`;
  const unreadable = ledger.unreadable.length > 0 ? `; ${ledger.unreadable.length} unreadable ledger line(s)` : '';
  out(
    `cleanup: retired ${countText(retired)}; already retired ${countText(already)}; could not ` +
      `retire ${notRetired}${unreadable}`,
  );
  return failed.length > pending.length || ledger.unreadable.length > 0 ? EXIT.notConformant : EXIT.conformant;
}
