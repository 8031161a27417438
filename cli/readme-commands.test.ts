import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../contracts/package-root.js';
import { runShell } from './test-support/run-cli.js';

// The README is a front page: at most 200 lines, and every page it links (docs/, the specs, ...)
// exists, as does every page those docs pages link. Every command example in the shell code blocks
// of the README and of the docs pages it links runs as printed and ends as its comment says
// (exit 0, or the "exit N" the comment names), with `npx api-conformance` the built CLI of this
// repository, in an empty folder. Left out, each for a reason of its own:
// - the YAML blocks: CI configuration, whose steps run against staging or on the artifacts of
//   jobs that did;
// - a command that needs a server outside this machine: a staging or production profile, an
//   https:// address;
// - `npm ci` (it would reinstall the node_modules this test run uses) and `npm test` (this run);
// - the certificate examples: keygen into the user's home, verify of what a staging run signed.

interface Example {
  command: string;
  exit: number;
}

const EXAMPLE_LEFT_OUT: ReadonlyArray<[RegExp, string]> = [
  [/\bstaging\b|\bproduction\b|https:\/\//, 'needs a server outside this machine'],
  [/^npm (ci|test)\b/, 'npm ci reinstalls the modules of this run; npm test is this run'],
  [
    /(^|\s)~\//,
    'writes into the home folder of whoever runs the tests (the keygen example; cli/certificate.test.ts runs keygen)',
  ],
  [
    /\bverify certificate\b/,
    'verifies the folder a staging run signed (cli/certificate.test.ts verifies a signed run)',
  ],
];

/** The commands of the README's sh blocks, each with the exit code its comment names (0 if none). */
function shellExamples(readme: string): Example[] {
  const blocks = [...readme.matchAll(/^```(sh|bash)\n([\s\S]*?)^```/gm)].map((match) => match[2]);
  return blocks.flatMap((block) =>
    block
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
      .map((line) => {
        const [command, comment = ''] = line.split(/\s{2,}#\s?/);
        return { command: command.trim(), exit: Number(/\bexit (\d+)/.exec(comment)?.[1] ?? 0) };
      }),
  );
}

const leftOutBecause = (command: string): string | undefined =>
  EXAMPLE_LEFT_OUT.find(([pattern]) => pattern.test(command))?.[1];

/** The relative links of a Markdown page (not web addresses, not anchors within it), as written. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1].split('#')[0])
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const README_LINES = 200;
const readme = readFileSync(join(packageRoot(), 'README.md'), 'utf8');
/** The docs pages the README links, read from the repository. */
const docsPages = [...new Set(relativeLinks(readme).filter((link) => /^docs\/.+\.md$/.test(link)))]
  .filter((link) => existsSync(join(packageRoot(), link)))
  .map((link) => ({ link, text: readFileSync(join(packageRoot(), link), 'utf8') }));
const examples = [readme, ...docsPages.map((page) => page.text)].flatMap(shellExamples);
const runnable = examples.filter((example) => leftOutBecause(example.command) === undefined);
const dir = mkdtempSync(join(tmpdir(), 'readme-commands-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** As typed in a shell in an empty folder, with `npx api-conformance` this repository's build. */
const NOT_NPM = { npm_lifecycle_event: '', npm_command: '', npm_package_name: '' };
const here = (command: string): string =>
  command.replace(/\bnpx api-conformance\b/g, `node ${join(packageRoot(), 'dist', 'cli', 'main.js')}`);

describe('the README', () => {
  it(`is a front page of at most ${README_LINES} lines`, () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_LINES);
  });

  it('links only pages that exist, and so do the docs pages it links', () => {
    const broken = [
      ...relativeLinks(readme).filter((link) => !existsSync(join(packageRoot(), link))),
      ...docsPages.flatMap(({ link, text }) =>
        relativeLinks(text)
          .filter((target) => !existsSync(join(packageRoot(), dirname(link), target)))
          .map((target) => `${link} -> ${target}`),
      ),
    ];
    expect(docsPages.length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });

  it('has command examples to run here, and a reason for each it leaves out', () => {
    expect(runnable.length).toBeGreaterThan(0);
    for (const example of examples)
      expect(runnable.includes(example) || leftOutBecause(example.command) !== undefined).toBe(true);
  });

  it.for(runnable.map((example, index) => [example.command, example, index] as const))(
    'runs `%s` as printed',
    { timeout: 200_000 },
    async ([, example, index]) => {
      const cwd = mkdtempSync(join(dir, `example-${index}-`));
      const result = await runShell(here(example.command), { cwd, env: NOT_NPM, timeoutMs: 180_000 });
      expect(result.code, `${example.command}\n${result.stdout.slice(-2000)}\n${result.stderr}`).toBe(example.exit);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
