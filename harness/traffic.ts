import { closeSync, existsSync, openSync, rmSync, writeSync } from 'node:fs';
import type { Exchange } from './exchange.js';
import { harEntry } from './har-entry.js';
import { appendHarEntries, mapLines, spooledLines, spoolFileOf, withRules } from './har-file.js';

// Every exchange of a run, written as it happens, from whichever worker its check runs in: to a
// file of the check's own until the check ends, then, with the rules it informed, into the HAR
// being written (harness/har-file.ts). Each line is appended at once, so what a killed run sent
// is still there (written at once, though the file stays open); nothing of it is held in memory.

export class TrafficRecorder {
  private spool: string | undefined;
  /** The spool, open for appending while the check runs: one write per exchange, no open and close. */
  private spoolFd: number | undefined;
  /** The rules the check informed, once it has ended. */
  private rules: string[] | undefined;

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
    const ended = this.rules;
    this.unlessSealed(() => {
      // Sent after its check ended (a cleanup after an interruption): its rules are known already.
      if (ended) {
        appendHarEntries(this.har, [this.scrub(withRules(line, ended))]);
        return;
      }
      if (this.spoolFd === undefined) {
        this.spool ??= spoolFileOf(this.har);
        this.spoolFd = openSync(this.spool, 'a');
      }
      writeSync(this.spoolFd, `${line}\n`);
    });
  }

  /** The check has ended: its exchanges go into the HAR with the rules they informed. */
  finish(rules: readonly string[]): void {
    this.rules = [...new Set(rules)];
    if (this.spoolFd !== undefined) closeSync(this.spoolFd);
    this.spoolFd = undefined;
    const spool = this.spool;
    if (!spool) return;
    this.spool = undefined;
    const known = this.rules;
    this.unlessSealed(() => {
      appendHarEntries(
        this.har,
        mapLines(spooledLines(spool), (line) => this.scrub(withRules(line, known))),
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
