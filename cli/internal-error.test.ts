import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from './errors.js';
import { reportInternalError } from './internal-error.js';

const dir = mkdtempSync(join(tmpdir(), 'internal-error-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an internal error', () => {
  it('exits 70 with one line naming the log file that holds the stack', () => {
    const lines: string[] = [];
    const code = reportInternalError(new TypeError('x is undefined\nmore'), (text) => lines.push(text), dir);
    expect(code).toBe(EXIT.internal);
    expect(code).toBe(70);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^internal error \(a bug of api-conformance, exit 70\): x is undefined; the stack is in /);
    const file = /the stack is in (.+)\n$/.exec(lines[0])![1];
    expect(readFileSync(file, 'utf8')).toMatch(/TypeError: x is undefined[\s\S]*internal-error\.test\.ts/);
  });

  it('still says one line when no log file can be written', () => {
    const lines: string[] = [];
    expect(reportInternalError('boom', (text) => lines.push(text), join(dir, 'missing', 'folder'))).toBe(70);
    expect(lines[0]).toMatch(/: boom; the stack could not be written to a log file\n$/);
  });
});
