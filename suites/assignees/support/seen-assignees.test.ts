import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/check.js';
import type { Reply } from '../../../harness/exchange.js';
import { lastSeen, remember, sendingWrite } from './seen-assignees.js';

// What a check saw of an issue is kept only while no other add or remove can have changed it.

const ISSUE = { owner: 'Octo', repo: 'hello', number: 1 };
const answer = () => ({ status: 200 }) as unknown as Reply;

/** A write whose answer comes when `answered` is called. */
function pendingWrite(ctx: CheckContext) {
  let answered!: () => void;
  const reply = sendingWrite(ctx, () => new Promise<Reply>((resolve) => (answered = () => resolve(answer()))));
  return { reply, answered: () => answered() };
}

describe('seen assignees', () => {
  it(
    "keeps what a write alone showed, for the issue whatever the owner's letter case, " + 'until the next write',
    async () => {
      const ctx = {} as CheckContext;
      const reply = await sendingWrite(ctx, async () => answer());
      remember(ctx, ISSUE, reply, ['ann']);
      expect(lastSeen(ctx, { ...ISSUE, owner: 'OCTO' })).toEqual(['ann']);
      expect(lastSeen(ctx, { ...ISSUE, number: 2 })).toBeUndefined();
      await sendingWrite(ctx, async () => answer());
      expect(lastSeen(ctx, ISSUE)).toBeUndefined();
    },
  );

  it('keeps nothing a write showed while another was in flight, nor after one left since', async () => {
    const ctx = {} as CheckContext;
    const first = pendingWrite(ctx);
    const second = pendingWrite(ctx);
    first.answered();
    second.answered();
    remember(ctx, ISSUE, await first.reply, ['ann']);
    expect(lastSeen(ctx, ISSUE)).toBeUndefined();
    remember(ctx, ISSUE, await second.reply, ['ann']);
    expect(lastSeen(ctx, ISSUE)).toBeUndefined();

    const alone = await sendingWrite(ctx, async () => answer());
    await sendingWrite(ctx, async () => answer());
    remember(ctx, ISSUE, alone, ['ann']);
    expect(lastSeen(ctx, ISSUE)).toBeUndefined();
  });

  it('keeps what each check saw apart', async () => {
    const [one, other] = [{} as CheckContext, {} as CheckContext];
    remember(one, ISSUE, await sendingWrite(one, async () => answer()), ['ann']);
    await sendingWrite(other, async () => answer());
    expect(lastSeen(one, ISSUE)).toEqual(['ann']);
    expect(lastSeen(other, ISSUE)).toBeUndefined();
  });
});
