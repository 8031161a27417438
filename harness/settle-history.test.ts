import { describe, expect, it } from 'vitest';
import { CheckSettling } from './check-settling.js';
import { NOT_SHOWN_BEFORE_SHORT, SettleHistory } from './settle-history.js';

describe('SettleHistory', () => {
  it('keeps the full window while writes show, at once or late', () => {
    const history = new SettleHistory();
    history.note(true, 1);
    history.note(true, 3);
    for (let i = 0; i < NOT_SHOWN_BEFORE_SHORT; i += 1) history.note(false, 5);
    expect(history.windowMs(2000)).toBe(2000);
  });

  it('shortens the window once several writes never showed and none showed late', () => {
    const history = new SettleHistory();
    history.note(true, 1);
    for (let i = 0; i < NOT_SHOWN_BEFORE_SHORT; i += 1) history.note(false, 5);
    expect(history.stoppedWaiting).toBe(true);
    expect(history.windowMs(2000)).toBe(200);
  });
});

describe('CheckSettling with a run that stopped waiting', () => {
  it('ends the check as not verified when the short window misses the write, never judging the read', async () => {
    const history = new SettleHistory();
    for (let i = 0; i < NOT_SHOWN_BEFORE_SHORT; i += 1) history.note(false, 5);
    const ended: string[] = [];
    const settling = new CheckSettling(100, history, (reason) => {
      ended.push(reason);
      throw new Error('ended');
    });
    const started = performance.now();
    await expect(
      settling.read(
        'the new plan in list plans',
        async () => 'old',
        (value) => value === 'new',
      ),
    ).rejects.toThrow('ended');
    expect(performance.now() - started).toBeLessThan(100);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatch(/^not verified: the new plan in list plans was read .* and never showed the write; /);
    expect(settling.unverified).toBe(ended[0]);
  });

  it('judges at once under --settle-ms 0, without learning or ending anything', async () => {
    const history = new SettleHistory();
    const settling = new CheckSettling(0, history);
    for (let i = 0; i < NOT_SHOWN_BEFORE_SHORT + 2; i += 1)
      await expect(
        settling.read(
          'x',
          async () => 1,
          () => false,
        ),
      ).resolves.toBe(1);
    expect(history.stoppedWaiting).toBe(false);
  });
});
