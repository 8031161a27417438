import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from './errors.js';
import { ensureWritableDir, makeDir } from './report-dir.js';

// Shards of one CI job start side by side and make the same parent folder: the one that loses
// that race must go on, while a file where a folder belongs is still the user's error.

const dir = mkdtempSync(join(tmpdir(), 'report-dir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the report folder', () => {
  it('goes on when another process made the folder a moment before', () => {
    const made = join(dir, 'made-by-another');
    mkdirSync(made);
    expect(() => makeDir(made)).not.toThrow();
  });

  it('still refuses a file where a folder belongs, naming the flag', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    expect(() => makeDir(file)).toThrow(/EEXIST/);
    expect(() => ensureWritableDir(join(file, 'reports'), '--report-dir')).toThrow(UsageError);
    expect(() => ensureWritableDir(join(file, 'reports'), '--report-dir')).toThrow(
      /^--report-dir .*a-file\/reports: cannot write the reports there \(a part of that path is a file, not a folder/,
    );
  });

  it('makes every missing parent', () => {
    ensureWritableDir(join(dir, 'one', 'two', 'three'), '--report-dir');
    expect(() => makeDir(join(dir, 'one', 'two'))).not.toThrow();
  });
});
