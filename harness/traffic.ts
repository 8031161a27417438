import { closeSync, existsSync, openSync, rmSync, writeSync } from 'node:fs';
import type { Exchange } from './exchange.js';
import { harEntry } from './har-entry.js';
import { appendHarEntries, entryIdOf, mapLines, spooledLines, spoolFileOf, withRules } from './har-file.js';

// Every exchange of a run, written as it happens, from whichever worker its check runs in: to a
// file of the check's own until the check ends, then, each with the rules it informed, into the HAR
// being written (harness/har-file.ts). Each line is appended at once, so what a killed run sent
// is still there (written at once, though the file stays open); nothing of it is held in memory.

export class TrafficRecorder {
  private spool: string | undefined;
  /** The spool, open for appending while the check runs: one write per exchange, no open and close. */
  private spoolFd: number | undefined;
  /** Whether the check has ended: what it sends later (a cleanup) informed no rule. */
  private ended = false;

  /**
   * `har`: the HAR the run writes; `check`: who sends (a check, or the proxied client); `scrub`:
   * applied to each entry as it goes into the HAR (the credentials known by then).
   */
  constructor(
    private readonly har: string,
    private readonly check: string,
    private readonly scrub: (text: string) => string = (text) => text,
  ) {}

  /** `rules`: the rules this exchange informed, when known per exchange (the proxy's). */
  exchange(exchange: Exchange, startedAt: number, rules?: readonly string[], blockedMs?: number): void {
    const known = rules ? [...new Set(rules)] : null;
    const line = JSON.stringify(harEntry(exchange, startedAt, this.check, known, blockedMs));
    this.unlessSealed(() => {
      // Sent after its check ended (a cleanup after an interruption): it informed no rule.
      if (this.ended) {
        appendHarEntries(this.har, [this.scrub(withRules(line, []))]);
        return;
      }
      if (this.spoolFd === undefined) {
        this.spool ??= spoolFileOf(this.har);
        this.spoolFd = openSync(this.spool, 'a');
      }
      writeSync(this.spoolFd, `${line}\n`);
    });
  }

  /**
   * The check has ended: its exchanges go into the HAR, each with the rules it informed
   * (`rulesByExchange`, by exchange id); one that informed none (a setup, a cleanup) with none.
   */
  finish(rulesByExchange: ReadonlyMap<string, readonly string[]>): void {
    this.ended = true;
    if (this.spoolFd !== undefined) closeSync(this.spoolFd);
    this.spoolFd = undefined;
    const spool = this.spool;
    if (!spool) return;
    this.spool = undefined;
    const rulesOf = (line: string): string[] => {
      const id = entryIdOf(line);
      return [...new Set(id === undefined ? [] : (rulesByExchange.get(id) ?? []))];
    };
    this.unlessSealed(() => {
      appendHarEntries(
        this.har,
        mapLines(spooledLines(spool), (line) => this.scrub(withRules(line, rulesOf(line)))),
      );
      rmSync(spool, { force: true });
    });
  }

  /**
   * Writes, unless the run has sealed its HAR already: a check it stopped waiting for after a
   * Ctrl-C goes on cleaning up, unrecorded. Any other failure (a full disk, a removed report
   * folder) goes up.
   */
  private unlessSealed(write: () => void): void {
    try {
      write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync(this.har)) return;
      throw error;
    }
  }
}
