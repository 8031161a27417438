import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProfile, ProfileError } from './profile.js';
import {
  runTokenCommand,
  runTokenCommandSync,
  TokenCommandError,
  tokenSpecProblem,
  TokenRefresher,
} from './token-source.js';

const node = (code: string): string => `"${process.execPath}" -e ${JSON.stringify(code)}`;

describe('token commands', () => {
  it('give the token the program prints, trimmed, at start and during the run', async () => {
    expect(runTokenCommandSync('billing.token', 'printf "  tok-1\\n"')).toBe('tok-1');
    await expect(runTokenCommand('billing.token', 'printf "tok-2\\n"')).resolves.toBe('tok-2');
  });

  it('fail with one line naming the field, never the output', async () => {
    const leaky = 'echo secret-out; echo "oops secret-out" >&2; exit 3';
    for (const run of [
      () => runTokenCommandSync('assignees.tokens.push', leaky),
      () => runTokenCommand('assignees.tokens.push', leaky),
    ]) {
      let error: unknown;
      try {
        await run();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(TokenCommandError);
      const message = (error as Error).message;
      expect(message).toMatch(/^assignees\.tokens\.push: the token command ended with exit code 3: oops \[REDACTED\]$/);
      expect(message).not.toContain('secret-out');
    }
    expect(() => runTokenCommandSync('billing.token', 'true')).toThrow(
      /^billing\.token: the token command printed nothing on stdout$/,
    );
    expect(() => runTokenCommandSync('billing.token', 'printf "a\\nb"')).toThrow(/printed more than one line/);
    await expect(runTokenCommand('billing.token', 'exit 1')).rejects.toThrow(
      /^billing\.token: the token command ended with exit code 1$/,
    );
  });

  it('time out, bounded, with the field named', async () => {
    const started = performance.now();
    expect(() => runTokenCommandSync('assignees.tokens.read', node('setTimeout(() => {}, 10000)'), [], 300)).toThrow(
      /^assignees\.tokens\.read: the token command printed no token within 0\.3 s \(timeout\)$/,
    );
    await expect(
      runTokenCommand('assignees.tokens.read', node('setTimeout(() => {}, 10000)'), [], 300),
    ).rejects.toThrow(/within 0\.3 s \(timeout\)/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuse a token that is neither a string nor {"command": ...}, naming the field', () => {
    expect(tokenSpecProblem('t', 'billing.token')).toBeUndefined();
    expect(tokenSpecProblem({ command: 'x' }, 'billing.token')).toBeUndefined();
    expect(tokenSpecProblem(5, 'billing.token')).toMatch(/^billing\.token must be a string or \{"command"/);
    expect(tokenSpecProblem({}, 'assignees.tokens.push')).toMatch(/^assignees\.tokens\.push\.command is missing/);
    expect(tokenSpecProblem({ command: '' }, 'billing.token')).toBe('billing.token.command must be a non-empty string');
    expect(tokenSpecProblem({ command: 'x', cmd: 'y' }, 'billing.token')).toMatch(
      /^billing\.token\.cmd is not a known field/,
    );
  });
});

describe('profiles with token commands', () => {
  const profile = (token: unknown, push: unknown = 'push-token') =>
    JSON.stringify({
      baseUrl: 'http://127.0.0.1:9',
      billing: { token, productId: 'P', approval: { mode: 'none' } },
      assignees: { owner: 'o', repo: 'r', issueNumber: 1, tokens: { push }, assignable: ['a'] },
    });

  it('hold what the command printed, and the command for later', () => {
    const loaded = parseProfile(profile({ command: 'printf billing-1' }, { command: '${PUSH_COMMAND}' }), 'p.json', {
      PUSH_COMMAND: 'echo push-1',
    });
    expect(loaded.billing?.token).toBe('billing-1');
    expect(loaded.assignees?.tokens.push).toBe('push-1');
    expect(loaded.tokenCommands).toEqual({
      'billing.token': 'printf billing-1',
      'assignees.tokens.push': 'echo push-1',
    });
    expect(parseProfile(profile('plain'), 'p.json', {}).tokenCommands).toBeUndefined();
  });

  it('are refused with one line naming the field when the command fails or the value has another shape', () => {
    expect(() => parseProfile(profile({ command: 'exit 2' }), 'p.json', {})).toThrow(ProfileError);
    expect(() => parseProfile(profile({ command: 'exit 2' }), 'p.json', {})).toThrow(
      /^p\.json: billing\.token: the token command ended with exit code 2$/,
    );
    expect(() => parseProfile(profile('b', 7), 'p.json', {})).toThrow(
      /^p\.json: assignees\.tokens\.push must be a string or \{"command"/,
    );
    expect(() => parseProfile(profile({ command: 'printf x' }, ''), 'p.json', {})).toThrow(
      /^p\.json: assignees\.tokens\.push must not be empty/,
    );
  });
});

describe('TokenRefresher', () => {
  const counterCommand = (): { command: string; file: string } => {
    const dir = mkdtempSync(join(tmpdir(), 'token-counter-'));
    const file = join(dir, 'count');
    writeFileSync(file, '0');
    const fs = 'require("node:fs")';
    return {
      file,
      command: node(
        `const f=${JSON.stringify(file)};const n=Number(${fs}.readFileSync(f,"utf8"))+1;` +
          `${fs}.writeFileSync(f,String(n));console.log("t"+n)`,
      ),
    };
  };

  it('asks again after a 401 to a value accepted before, once for all requests that met it', async () => {
    let asked = 0;
    const refresher = new TokenRefresher(
      { 'billing.token': { command: 'x', value: 't1' } },
      ['t1'],
      async () => `t${(asked += 1) + 1}`,
    );
    expect(await refresher.afterUnauthorized('t1')).toBeUndefined();
    refresher.noteAccepted('t1');
    const [a, b] = await Promise.all([refresher.afterUnauthorized('t1'), refresher.afterUnauthorized('t1')]);
    expect([a, b, asked]).toEqual(['t2', 't2', 1]);
    // A check that still holds the old value sends the new one, and a late 401 to it is not asked again.
    expect(refresher.current('t1')).toBe('t2');
    expect(await refresher.afterUnauthorized('t1')).toBe('t2');
    expect(asked).toBe(1);
    expect(refresher.secrets).toEqual(['t1', 't2']);
    // Other tokens (a wrong one a check sends on purpose) are left alone.
    expect(refresher.current('made-up')).toBe('made-up');
    expect(await refresher.afterUnauthorized('made-up')).toBeUndefined();
  });

  it(
    'keeps the 401 when the command prints the same token (a refusal, not an expiry), and asks ' +
      'at most every few seconds',
    async () => {
      let now = 0;
      let asked = 0;
      const refresher = new TokenRefresher(
        { 'assignees.tokens.read': { command: 'x', value: 'r1' } },
        [],
        async () => ((asked += 1), 'r1'),
        () => now,
      );
      refresher.noteAccepted('r1');
      expect(await refresher.afterUnauthorized('r1')).toBeUndefined();
      expect(await refresher.afterUnauthorized('r1')).toBeUndefined();
      expect(asked).toBe(1);
      now += 6_000;
      expect(await refresher.afterUnauthorized('r1')).toBeUndefined();
      expect(asked).toBe(2);
    },
  );

  it('runs the real command again: t1, then t2', async () => {
    const { command } = counterCommand();
    const first = runTokenCommandSync('billing.token', command);
    expect(first).toBe('t1');
    const refresher = new TokenRefresher({ 'billing.token': { command, value: first } }, []);
    refresher.noteAccepted('t1');
    expect(await refresher.afterUnauthorized('t1')).toBe('t2');
  });

  it('passes a failing command on as an error naming the field', async () => {
    const refresher = new TokenRefresher({ 'billing.token': { command: 'exit 5', value: 't1' } }, []);
    refresher.noteAccepted('t1');
    await expect(refresher.afterUnauthorized('t1')).rejects.toThrow(
      /^billing\.token: the token command ended with exit code 5$/,
    );
  });
});
