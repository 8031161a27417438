import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import type { Reply } from './exchange.js';
import type { SendOptions } from './http-client.js';
import { operationOf } from '../contracts/operations.js';
import {
  isTokenField,
  TOKEN_FIELDS,
  tokenAt,
  type TargetProfile,
  type TokenField,
} from '../contracts/target-profile.js';
import { loginsIn } from './retire.js';

// The run's ledger (ledger.jsonl in the report folder): one JSON line for every resource the
// run created, appended (synchronously) the moment the answer to its creation is read, so that
// a run killed with SIGKILL leaves a list `cleanup --ledger` can retire. It is written where the
// requests are sent (harness/check.ts), so no check can forget it. It names the token by its
// profile field, never by its value.

interface Recorded {
  /** The base URL the run sent to: cleanup retires only what it can reach with the same profile. */
  baseUrl: string;
  /** The profile field of the token the request carried; null when it carried none. */
  tokenField: TokenField | null;
  /** The run's id (the prefix of its fixtures) and the check that created it, for people. */
  run: string;
  check: string;
  at: string;
}

/**
 * The Platform-Request-Id the create carried, if one: a repeat of a key is the same create taken
 * again (idempotency), which answers the id it answered before; any other create is a new one.
 */
interface Created {
  requestKey?: string;
}

export type LedgerEntry = Recorded &
  (
    | ({ kind: 'plan'; id: string } & Created)
    | ({ kind: 'subscription'; id: string; planId?: string } & Created)
    | {
        kind: 'assignees';
        owner: string;
        repo: string;
        issueNumber: number;
        /** Logins the run made assignees that the issue did not have when the run first saw it. */
        added: string[];
      }
  );

export const LEDGER_FILE = 'ledger.jsonl';

/** Starts a run's ledger: empty, or kept as it is when shards of one run share the folder. */
export function startLedger(file: string, keep: boolean): void {
  if (keep) appendFileSync(file, '');
  else writeFileSync(file, '');
}

/** The profile field a token value belongs to (the first, when fields share a value). */
function tokenFieldOf(target: TargetProfile, token: string | undefined): TokenField | null {
  if (token === undefined) return null;
  return TOKEN_FIELDS.find((field) => tokenAt(target, field) === token) ?? null;
}

function idOf(reply: Reply): string | undefined {
  const id = (reply.json as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

const ISSUE_PATH = /\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/assignees\/?$/;

/** The issue an add or remove assignees request names. */
function issueOf(path: string): { owner: string; repo: string; issueNumber: number } | undefined {
  const match = ISSUE_PATH.exec(path.replace(/[?#].*$/s, ''));
  if (!match) return undefined;
  try {
    return { owner: decodeURIComponent(match[1]), repo: decodeURIComponent(match[2]), issueNumber: Number(match[3]) };
  } catch {
    return undefined;
  }
}

const lower = (login: string): string => login.toLowerCase();

/**
 * The ledger of one check: notes every answer and appends a line for what it created. The
 * assignees an issue had when the run first saw them are kept per ledger file (in this
 * thread), so that re-adding an assignee the issue had at first is not taken for a new one.
 */
export class RunLedger {
  private static readonly issues = new Map<string, { initial: Set<string>; recorded: Set<string> }>();

  constructor(
    private readonly file: string,
    private readonly context: { target: TargetProfile; run: string; check: string },
  ) {}

  note(request: SendOptions, reply: Reply): void {
    if (reply.status < 200 || reply.status > 299) return;
    const operation = operationOf(request.method, request.path);
    if (!operation) return;
    const recorded = (): Recorded => ({
      baseUrl: this.context.target.baseUrl,
      tokenField: tokenFieldOf(this.context.target, request.token),
      run: this.context.run,
      check: this.context.check,
      at: new Date().toISOString(),
    });
    const id = idOf(reply);
    const key = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === 'platform-request-id');
    const created = key ? { requestKey: key[1] } : {};
    if (operation.name === 'create plan' && id) this.append({ kind: 'plan', id, ...created, ...recorded() });
    else if (operation.name === 'create subscription' && id) {
      const planId = (request.json as { plan_id?: unknown } | undefined)?.plan_id;
      this.append({
        kind: 'subscription',
        id,
        ...(typeof planId === 'string' ? { planId } : {}),
        ...created,
        ...recorded(),
      });
    } else if (operation.name === 'add assignees' || operation.name === 'remove assignees') {
      const issue = issueOf(request.path);
      if (!issue) return;
      const added = this.assigneesAdded(
        issue,
        operation.name === 'add assignees',
        loginsIn((request.json as { assignees?: unknown } | undefined)?.assignees) ?? [],
        loginsIn((reply.json as { assignees?: unknown } | undefined)?.assignees),
      );
      if (added.length > 0) this.append({ kind: 'assignees', ...issue, added, ...recorded() });
    }
  }

  /**
   * The named logins an add made assignees that the issue did not have at first, and that no
   * earlier line records as still assigned (a property adds the same login again and again).
   */
  private assigneesAdded(
    issue: { owner: string; repo: string; issueNumber: number },
    adding: boolean,
    named: string[],
    after: string[] | undefined,
  ): string[] {
    const key =
      `${this.file} ${this.context.target.baseUrl} ` +
      `${lower(issue.owner)}/${lower(issue.repo)}#${issue.issueNumber}`;
    const shown = after ? new Set(after.map(lower)) : undefined;
    let state = RunLedger.issues.get(key);
    if (!state && shown) {
      // First seen in this answer: what it shows, but for what this very request added.
      state = {
        initial: new Set([...shown].filter((login) => !(adding && named.some((n) => lower(n) === login)))),
        recorded: new Set(),
      };
      RunLedger.issues.set(key, state);
    }
    if (state && shown) for (const login of state.recorded) if (!shown.has(login)) state.recorded.delete(login);
    if (!adding) return [];
    const added: string[] = [];
    for (const login of named) {
      const l = lower(login);
      // Without an Issue in the answer, every login named may have been added.
      if (
        (shown && !shown.has(l)) ||
        state?.initial.has(l) ||
        state?.recorded.has(l) ||
        added.some((a) => lower(a) === l)
      )
        continue;
      added.push(login);
      state?.recorded.add(l);
    }
    return added;
  }

  private append(entry: LedgerEntry): void {
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }
}

export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** One line of a ledger that could not be read as an entry. */
export interface UnreadableLine {
  line: number;
  problem: string;
}

function problemOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const entry = value as Record<string, unknown>;
  if (typeof entry.baseUrl !== 'string') return 'baseUrl is missing';
  // Absent or null: the request carried no profile token. Anything else must name a field.
  if (entry.tokenField !== undefined && entry.tokenField !== null && !isTokenField(entry.tokenField))
    return `unknown tokenField ${JSON.stringify(entry.tokenField)} (not one of ${TOKEN_FIELDS.join(', ')})`;
  if (entry.kind === 'plan' || entry.kind === 'subscription')
    return typeof entry.id === 'string' && entry.id !== '' ? undefined : 'id is missing';
  if (entry.kind === 'assignees') {
    if (typeof entry.owner !== 'string' || typeof entry.repo !== 'string' || !Number.isInteger(entry.issueNumber))
      return 'owner, repo or issueNumber is missing';
    return Array.isArray(entry.added) && entry.added.every((login) => typeof login === 'string')
      ? undefined
      : 'added is not a list of logins';
  }
  return `unknown kind ${JSON.stringify(entry.kind)}`;
}

/** Reads a ledger file: its entries, and the lines that are not entries (with why). */
export function readLedger(file: string): { entries: LedgerEntry[]; unreadable: UnreadableLine[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new LedgerError(
      code === 'ENOENT' ? `ledger ${file} does not exist` : `cannot read ledger ${file}: ${(error as Error).message}`,
    );
  }
  const entries: LedgerEntry[] = [];
  const unreadable: UnreadableLine[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      unreadable.push({ line: index + 1, problem: 'not JSON (cut short?)' });
      return;
    }
    const problem = problemOf(value);
    if (problem) unreadable.push({ line: index + 1, problem });
    else entries.push(value as LedgerEntry);
  });
  return { entries, unreadable };
}
