import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run lint` as two tests of `npm test`: eslint's type-checked rules and prettier's check take
// about 100 s of one core. Run before vitest, as they were, the other core idled all that time;
// here they share the cores with the other test files.

const ROOT = import.meta.dirname;
const LINT_TIMEOUT_MS = 600_000;
/** Enough of a failing linter's output to act on. */
const SHOWN_CHARS = 20_000;

/** The file a package names as its command `name` (its package.json `bin`). */
function binOf(pkg: string, name: string): string {
  const manifest = createRequire(join(ROOT, 'package.json')).resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
}

/** Runs a linter's command in the project root: its exit code and what it said. */
function lint(pkg: string, args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binOf(pkg, pkg), ...args], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: output.slice(-SHOWN_CHARS) }));
  });
}

describe('lint, as `npm run lint` runs it', () => {
  it('is the command these tests run', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.lint).toBe('eslint . && prettier --check .');
  });

  describe.concurrent('is clean', () => {
    it(
      'eslint .',
      async () => {
        const { code, output } = await lint('eslint', ['.']);
        expect(code, output).toBe(0);
      },
      LINT_TIMEOUT_MS,
    );

    it(
      'prettier --check .',
      async () => {
        const { code, output } = await lint('prettier', ['--check', '.']);
        expect(code, output).toBe(0);
      },
      LINT_TIMEOUT_MS,
    );
  });
});
