import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfile, parseProfile, ProfileError, substituteEnv } from './profile.js';

describe('target profiles', () => {
  it('substitutes ${ENV} in string values', () => {
    expect(substituteEnv({ billing: { token: 'Bearer-${T}' }, n: 1 }, { T: 'abc' })).toEqual({
      billing: { token: 'Bearer-abc' },
      n: 1,
    });
  });

  it('names the field whose variable is not set', () => {
    expect(() => substituteEnv({ billing: { token: '${NOPE_TOKEN}' } }, {})).toThrow(
      'billing.token: environment variable NOPE_TOKEN is not set',
    );
  });

  it('names the profile file, the field and the variable when a variable is not set', () => {
    const text = JSON.stringify({
      baseUrl: 'https://staging.example.test',
      billing: { token: '${NOPE_TOKEN}', productId: 'P', approval: { mode: 'none' } },
    });
    expect(() => parseProfile(text, 'target profile staging.json', {})).toThrow(
      /^target profile staging\.json: billing\.token: environment variable NOPE_TOKEN is not set$/,
    );
  });

  it('refuses invalid JSON with the parser message', () => {
    expect(() => parseProfile('{ "baseUrl": ', 'p.json', {})).toThrow(ProfileError);
    expect(() => parseProfile('{ "baseUrl": ', 'p.json', {})).toThrow(/p.json is not valid JSON/);
  });

  it('refuses a profile without baseUrl, naming it', () => {
    expect(() => parseProfile('{}', 'p.json', {})).toThrow(/baseUrl/);
  });

  it('refuses a wrong field type, naming the field', () => {
    const text = JSON.stringify({
      baseUrl: 'http://127.0.0.1:1',
      assignees: { owner: 'o', repo: 'r', issueNumber: 'one', tokens: {}, assignable: [] },
    });
    expect(() => parseProfile(text, 'p.json', {})).toThrow(/issueNumber/);
  });

  it('accepts the example of the README', () => {
    const text = JSON.stringify({
      baseUrl: 'https://staging.example.test',
      billing: { token: '${BILLING_TOKEN}', productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'follow-link' } },
      assignees: {
        owner: 'octo-org',
        repo: 'hello-world',
        issueNumber: 1,
        pullNumber: 2,
        tokens: { push: '${PUSH_TOKEN}', read: '${READ_TOKEN}' },
        assignable: ['alice', 'bob'],
        notAssignable: 'mallory',
        privateRepo: { owner: 'octo-org', repo: 'secret', issueNumber: 1 },
      },
    });
    const profile = parseProfile(text, 'p.json', { BILLING_TOKEN: 'b', PUSH_TOKEN: 'p', READ_TOKEN: 'r' });
    expect(profile.billing?.token).toBe('b');
    expect(profile.assignees?.tokens.read).toBe('r');
  });

  it('takes the approval host, with or without a port, and refuses a URL there naming the field', () => {
    const withHost = (host: string) =>
      JSON.stringify({
        baseUrl: 'https://staging.example.test',
        billing: { token: 't', productId: 'PROD-4CWK2S8EBB4FG3ZT1', approval: { mode: 'follow-link', host } },
      });
    expect(parseProfile(withHost('pay.example.test'), 'p.json', {}).billing?.approval.host).toBe('pay.example.test');
    expect(parseProfile(withHost('127.0.0.1:4010'), 'p.json', {}).billing?.approval.host).toBe('127.0.0.1:4010');
    expect(() => parseProfile(withHost('https://pay.example.test/approve'), 'p.json', {})).toThrow(
      /^p\.json: billing\.approval\.host does not have the expected form/,
    );
  });

  it('refuses credentials in baseUrl without repeating them', () => {
    for (const baseUrl of [
      'https://user:s3cretpw@staging.example.test',
      'https://${URL_USER}:${URL_PASSWORD}@staging.example.test/api',
    ]) {
      const text = JSON.stringify({ baseUrl });
      let message = '';
      try {
        parseProfile(text, 'p.json', { URL_USER: 'me', URL_PASSWORD: 's3cretpw' });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^p\.json: baseUrl must not carry credentials \(user:password@host\)/);
      expect(message).not.toContain('s3cretpw');
    }
    expect(() => parseProfile(JSON.stringify({ baseUrl: 'https://token@staging.example.test' }), 'p.json', {})).toThrow(
      /\(user@host\)/,
    );
  });

  it('says when the file does not exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profile-'));
    expect(() => loadProfile(join(dir, 'missing.json'))).toThrow(/does not exist/);
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ baseUrl: 'http://127.0.0.1:9' }));
    expect(loadProfile(join(dir, 'ok.json')).baseUrl).toBe('http://127.0.0.1:9');
  });
});
