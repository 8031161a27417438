import fc from 'fast-check';
import type { Caller } from '../api.js';
import { AddCommand } from './add-command.js';
import type { AssigneesModel, RealIssue } from './model.js';
import { RemoveCommand } from './remove-command.js';

export interface CommandPool {
  /** Logins that can be assigned. */
  assignable: readonly string[];
  /** Logins that cannot: the profile's non-assignable one, one naming nobody. */
  cannot: readonly string[];
  /** Who may send: always the push-access user, and the others the profile allows. */
  callers: readonly Caller[];
}

const MAX_NAMES = 10;

/** Sequences of adds and removes of random subsets of the pool, by random callers. */
export function assigneeCommands(
  pool: CommandPool,
  maxCommands: number,
): fc.Arbitrary<Iterable<fc.AsyncCommand<AssigneesModel, RealIssue>>> {
  const names = [...pool.assignable, ...pool.cannot];
  const subset = fc.shuffledSubarray(names, { minLength: 1, maxLength: Math.min(MAX_NAMES, names.length) });
  // Mostly the push-access user: only its requests change anything.
  const caller = fc.oneof(
    { arbitrary: fc.constant<Caller>('push'), weight: 4 },
    ...pool.callers.filter((c) => c !== 'push').map((c) => ({ arbitrary: fc.constant<Caller>(c), weight: 1 })),
  );
  return fc.commands(
    [
      fc.tuple(subset, caller).map(([logins, who]) => new AddCommand(logins, who)),
      fc.tuple(subset, caller).map(([logins, who]) => new RemoveCommand(logins, who)),
    ],
    { maxCommands },
  );
}
