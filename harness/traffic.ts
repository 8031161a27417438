import { appendFileSync } from 'node:fs';
import type { Exchange } from './exchange.js';

// Every exchange of a run, written as it happens: one JSON line per exchange (already redacted
// when recorded), and, when a check ends, one line with the rules that check informed. The run
// turns the file into exchanges.har (reports/har.ts). Lines are appended at once, from whichever
// worker the check runs in, so what a killed run sent is still there.

export interface TrafficExchangeLine {
  type: 'exchange';
  /** The check that sent it (or, through the proxy, the client). */
  check: string;
  /** Epoch ms when the request left. */
  startedAt: number;
  exchange: Exchange;
  /** How long it waited for a free request slot (and the rate's token) before it left. */
  blockedMs?: number;
  /** The rules this exchange informed, when known per exchange (the proxy's); else its check's. */
  rules?: string[];
}

export interface TrafficCheckLine {
  type: 'check';
  check: string;
  /** The rules the check declared, evaluated on the way, or failed. */
  rules: string[];
}

export type TrafficLine = TrafficExchangeLine | TrafficCheckLine;

export class TrafficRecorder {
  constructor(
    private readonly file: string,
    private readonly check: string,
  ) {}

  exchange(exchange: Exchange, startedAt: number, rules?: readonly string[], blockedMs?: number): void {
    this.append({ type: 'exchange', check: this.check, startedAt, exchange, ...(blockedMs !== undefined ? { blockedMs } : {}), ...(rules ? { rules: [...new Set(rules)] } : {}) });
  }

  /** The check has ended: which rules its exchanges informed. */
  finish(rules: readonly string[]): void {
    this.append({ type: 'check', check: this.check, rules: [...new Set(rules)] });
  }

  private append(line: TrafficLine): void {
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }
}
