// What Platform-Request-Id keys remember: the first successful answer to each key, per scope,
// kept 72 hours (billing.md, Limits: idempotency key retention).

import type { Reply } from '../http/answer.js';

export const RETENTION_MS = 72 * 60 * 60 * 1000;

interface Entry {
  reply: Reply;
  expiresAt: number;
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  lookup(scope: string, key: string, now: number): Reply | undefined {
    const id = `${scope}\u0000${key}`;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(id);
      return undefined;
    }
    return structuredClone(entry.reply);
  }

  remember(scope: string, key: string, reply: Reply, now: number): void {
    this.entries.set(`${scope}\u0000${key}`, { reply: structuredClone(reply), expiresAt: now + RETENTION_MS });
  }
}
