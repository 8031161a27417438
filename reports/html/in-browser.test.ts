import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanSeed7Run, sharedRun, type SharedRun } from '../../cli/test-support/shared-run.js';
import type { Rule } from '../../contracts/rule.js';
import { buildReport } from '../build-report.js';
import { renderHtml } from './page.js';
import type { ConformanceReport, RuleReport } from '../model.js';
import { checkMeta, failedCheck } from '../test-support/check-results.js';
import { runInfo } from '../test-support/run-info.js';

// report.html opened as a certifier would: in a real browser (Debian's chromium, no download),
// on the reports of real runs against the embedded reference (the built CLI: npm test builds
// dist/ first), and on a made-up report carrying hostile text.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** CI sets REQUIRE_BROWSER=1: there a missing browser fails the run instead of skipping. */
const REQUIRED = process.env.REQUIRE_BROWSER === '1';
const MISSING = existsSync(CHROMIUM)
  ? undefined
  : `no browser at ${CHROMIUM}: install chromium (apt-get install chromium) or set CHROMIUM_PATH`;
if (MISSING && !REQUIRED) console.warn(`report.html browser test skipped: ${MISSING}`);
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The faults of the fault run: one rule failed by several checks, and rules of both APIs. */
const FAULTS = 'plan-name-128-accepted,plan-id-no-prefix,user-id-string';

const dir = mkdtempSync(join(tmpdir(), 'report-html-'));

interface RunReport {
  file: string;
  report: ConformanceReport;
}

const runs = new Map<string, Promise<RunReport>>();
/**
 * The reports of a real run (seed 7), read once however many tests read them; both start together.
 * The clean run is the one other files read too (cli/verdict-evidence.test.ts): made once per vitest run.
 */
function realRun(name: string, make: () => Promise<SharedRun>): Promise<RunReport> {
  const started =
    runs.get(name) ??
    (async () => {
      const result = await make();
      if (![0, 1].includes(result.code ?? -1))
        throw new Error(`the ${name} run ended with ${result.code}: ${result.stderr || result.stdout.slice(-2000)}`);
      return {
        file: join(result.reportDir, 'report.html'),
        report: JSON.parse(readFileSync(join(result.reportDir, 'conformance.json'), 'utf8')) as ConformanceReport,
      };
    })();
  runs.set(name, started);
  return started;
}
const cleanRun = (): Promise<RunReport> => realRun('clean', cleanSeed7Run);
const faultRun = (): Promise<RunReport> =>
  realRun('fault', () => sharedRun('html-faults', ['run', '--seed', '7', '--faults', FAULTS]));

/** What the search box matches in a rule: its id, its statement, the names of its checks. */
const searchText = (rule: RuleReport): string =>
  [rule.id, rule.title, ...rule.checks.map((check) => check.name)].join(' ').toLowerCase();

const shownRows = (page: Page) => page.locator('tr[data-status]:visible');

describe.skipIf(MISSING !== undefined && !REQUIRED)('report.html in a browser', () => {
  let browser: Browser;
  /** One browser context with script and one without: a page is a tab of one of them. */
  const contexts = new Map<boolean, Promise<BrowserContext>>();
  beforeAll(async () => {
    // The two real runs take most of this file's time: they run side by side, and beside the browser's start.
    for (const run of [cleanRun(), faultRun()]) run.catch(() => undefined);
    if (MISSING === undefined)
      browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.allSettled(runs.values());
    rmSync(dir, { recursive: true, force: true });
  });

  /** One tab per file (and script on or off): loaded once, re-used by the tests that read that file. */
  const tabs = new Map<string, { page: Page; used: boolean }>();
  interface OpenOptions {
    javaScriptEnabled?: boolean;
    width?: number;
    /** The page as first opened: reloaded if an earlier test clicked or typed in it (script state). */
    asOpened?: boolean;
    /** Called on a new tab before its one load (to watch its requests). */
    beforeLoad?: (page: Page) => void;
  }

  /** A page with report.html open; a dialog (a script from the server's text) fails the test. */
  async function open(file: string, options: OpenOptions = {}): Promise<Page> {
    const javaScriptEnabled = options.javaScriptEnabled ?? true;
    const url = pathToFileURL(file).toString();
    const key = `${javaScriptEnabled} ${url}`;
    let tab = tabs.get(key);
    if (!tab) {
      if (!contexts.has(javaScriptEnabled)) contexts.set(javaScriptEnabled, browser.newContext({ javaScriptEnabled }));
      const page = await (await contexts.get(javaScriptEnabled)!).newPage();
      page.on('dialog', (dialog) => {
        throw new Error(`the page opened a dialog: ${dialog.message()}`);
      });
      tab = { page, used: false };
      tabs.set(key, tab);
    }
    const { page } = tab;
    await page.setViewportSize({ width: options.width ?? 1280, height: 800 });
    await page.emulateMedia({ media: null });
    if (page.url() !== url) {
      options.beforeLoad?.(page);
      await page.goto(url);
    } else if (options.asOpened && tab.used) await page.reload();
    tab.used = true;
    return page;
  }

  it.runIf(REQUIRED && MISSING !== undefined)('finds the browser CI installs (REQUIRE_BROWSER=1)', () => {
    expect.fail(MISSING);
  });

  it('shows a clean run on less than 5,000 px as first opened: verdict and counts, areas collapsed', async () => {
    const { file, report } = await cleanRun();
    expect(report.summary.verdict).toBe('CONFORMANT');
    const page = await open(file, { asOpened: true });
    expect(await page.locator('#verdict').innerText()).toBe('CONFORMANT');
    expect(await page.locator('#proven').innerText()).toContain(
      `${report.summary.mustPassedProven} of the ${report.summary.mustPassed} MUST rules passed are proven`,
    );
    expect(await page.locator('html').evaluate((root) => root.scrollHeight)).toBeLessThan(5000);
    expect(await shownRows(page).count()).toBe(0);
    // One click on an area opens it, and shows its rules.
    await page.locator('#area-billing-limit > summary').click();
    expect(await shownRows(page).count()).toBe(
      report.rules.filter((rule) => rule.id.startsWith('billing.') && rule.kind === 'limit').length,
    );
  }, 240_000);

  it(
    'narrows the rules shown as the search box is typed in, to those whose id, statement or ' + 'check names match',
    async () => {
      const { file, report } = await cleanRun();
      const page = await open(file, { asOpened: true });
      for (const query of ['plan.name', 'Prefer', 'code points']) {
        await page.fill('#rule-search', query);
        const expected = report.rules.filter((rule) => searchText(rule).includes(query.toLowerCase()));
        expect(expected.length, query).toBeGreaterThan(0);
        expect(expected.length, query).toBeLessThan(report.rules.length);
        const ids = await shownRows(page).evaluateAll((rows) => rows.map((row) => row.id));
        expect(ids.sort(), query).toEqual(expected.map((rule) => `rule-${rule.id}`).sort());
        expect(await page.locator('#rule-shown').innerText()).toBe(
          `${expected.length} of ${report.rules.length} rules shown`,
        );
      }
      // Cleared, the page is as first opened.
      await page.fill('#rule-search', '');
      expect(await shownRows(page).count()).toBe(0);
      expect(await page.locator('.out').count()).toBe(0);
    },
    240_000,
  );

  it('narrows the rules shown to the statuses ticked, from the filters or from a count at the top', async () => {
    const { file, report } = await cleanRun();
    const page = await open(file, { asOpened: true });
    const statuses = async (): Promise<string[]> => [
      ...new Set(await shownRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status') ?? ''))),
    ];
    await page.check('#filter-skipped');
    expect(await shownRows(page).count()).toBe(report.summary.skipped);
    expect(await statuses()).toEqual(['skipped']);
    // With a search: both narrow.
    await page.fill('#rule-search', 'billing.plan.');
    expect(await shownRows(page).count()).toBe(
      report.rules.filter((rule) => rule.status === 'skipped' && searchText(rule).includes('billing.plan.')).length,
    );
    await page.fill('#rule-search', '');
    await page.check('#filter-passed');
    expect(await shownRows(page).count()).toBe(report.summary.skipped + report.summary.passed);
    await page.uncheck('#filter-skipped');
    await page.uncheck('#filter-passed');
    expect(await shownRows(page).count()).toBe(0);
    await page.locator('#counts a[data-filter="passed"]').click();
    expect(await shownRows(page).count()).toBe(report.summary.passed);
    expect(await statuses()).toEqual(['passed']);
  }, 240_000);

  it('lists every failing check of each failed rule of a fault run, each under its rule', async () => {
    const { file, report } = await faultRun();
    const failed = report.rules.filter((rule) => rule.status === 'failed');
    expect(failed.length).toBeGreaterThan(1);
    expect(failed.some((rule) => rule.checks.filter((check) => check.status === 'failed').length > 1)).toBe(true);
    const page = await open(file, { asOpened: true });
    expect(await page.locator('#verdict').innerText()).toBe('NON_CONFORMANT');
    expect(await page.locator('#faults-on').innerText()).toContain(FAULTS.split(',').join(', '));
    for (const rule of failed) {
      const group = page.locator(`[id="f-${rule.id}"]`);
      // One card per cause, its checks listed (folded when there are several).
      const names = await group.locator('.failure .check-name b').allTextContents();
      expect(names.sort(), rule.id).toEqual(
        rule.checks
          .filter((check) => check.status === 'failed')
          .map((check) => check.name)
          .sort(),
      );
      // The rule row links to its failures, and its failures back to the row (opening its area).
      await group.locator('.rule-ref a').click();
      expect(await page.locator(`[id="rule-${rule.id}"]`).isVisible(), rule.id).toBe(true);
    }
  }, 240_000);

  it('gives no two elements the same id, in a clean run and a fault run', async () => {
    for (const run of [await cleanRun(), await faultRun()]) {
      const page = await open(run.file);
      const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id));
      expect(ids.length).toBeGreaterThan(run.report.rules.length);
      expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    }
  }, 240_000);

  it('never breaks a rule id inside a word, nor wraps a level, wherever the window is narrow', async () => {
    const { file } = await faultRun();
    for (const width of [1280, 900]) {
      const page = await open(file, { width });
      await page.locator('details').evaluateAll((all) => all.forEach((details) => (details.open = true)));
      // The tab earlier tests used: no filter or search of theirs hides a rule from what is measured.
      expect(await shownRows(page).count()).toBe(await page.locator('tr[data-status]').count());
      const broken = await page.locator('body').evaluate((body) => {
        const document = body.ownerDocument;
        const lines = (node: unknown): number => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        };
        const found: string[] = [];
        // Each word of a rule id is a text node of its own (a <wbr> after each dot and hyphen).
        for (const code of document.querySelectorAll('code.rule-id'))
          for (const word of code.childNodes)
            if (word.nodeType === 3 && lines(word) > 1) found.push(`${code.textContent}: ${word.textContent}`);
        for (const level of document.querySelectorAll('.level'))
          if (lines(level) > 1) found.push(`level ${level.textContent}`);
        return found;
      });
      expect(broken, `at ${width} px`).toEqual([]);
    }
  }, 240_000);

  it('scrolls nothing sideways on a 390-pixel phone: long values wrap, the rules table becomes rows', async () => {
    const { file } = await faultRun();
    const page = await open(file, { width: 390 });
    await page.locator('details').evaluateAll((all) => all.forEach((details) => (details.open = true)));
    expect(await shownRows(page).count()).toBe(await page.locator('tr[data-status]').count());
    const sideways = await page.locator('body').evaluate((body) => {
      const document = body.ownerDocument;
      const width = document.documentElement.clientWidth;
      const wide = [...body.querySelectorAll('*')].filter(
        (element) => element.getBoundingClientRect().right > width + 1,
      );
      return {
        scrollWidth: document.documentElement.scrollWidth,
        width,
        wide: wide
          .slice(0, 5)
          .map((element) => `${element.tagName}.${element.className}: ${(element.textContent ?? '').slice(0, 80)}`),
      };
    });
    expect(sideways.wide).toEqual([]);
    expect(sideways.scrollWidth).toBeLessThanOrEqual(sideways.width);
  }, 240_000);

  it('prints everything expanded and leaves the controls out', async () => {
    const { file, report } = await faultRun();
    const page = await open(file, { asOpened: true });
    const row = page.locator(`[id="rule-${report.rules[0].id}"]`);
    const exchange = page.locator('.failure .exchange pre').first();
    expect(await row.isVisible()).toBe(false);
    expect(await exchange.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await row.isVisible()).toBe(true);
    expect(await exchange.isVisible()).toBe(true);
    expect(await page.locator('#rule-filter').isVisible()).toBe(false);
    // A filter set on screen does not hide rules from the paper.
    await page.emulateMedia({ media: 'screen' });
    await page.check('#filter-failed');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('tr[data-status]:visible').count()).toBe(report.rules.length);
  }, 240_000);

  it("shows each API's verdict under the run's, and its badge shows that verdict", async () => {
    const { file, report } = await faultRun();
    const page = await open(file);
    for (const api of ['billing', 'assignees'] as const) {
      const shown = await page.locator(`#section-${api} .verdict`).innerText();
      expect(shown, api).toBe(report.summary.sections[api].verdict);
    }
    const { verdict, mustPassed, mustRules } = report.summary.sections.assignees;
    expect(verdict).toBe('NON_CONFORMANT');
    await page.goto(pathToFileURL(join(dirname(file), 'badge-assignees.svg')).toString());
    // badge-maker draws each text three times, twice as a shadow hidden from readers.
    type Drawn = { getBBox(): { width: number } };
    const shown = await page
      .locator('css=text')
      .evaluateAll((texts) =>
        texts
          .filter((text) => !text.closest('[aria-hidden="true"]'))
          .map((text) => ({ text: text.textContent, width: (text as unknown as Drawn).getBBox().width })),
      );
    expect(shown.map(({ text }) => text)).toEqual(['assignees API', `NON_CONFORMANT ${mustPassed}/${mustRules} MUST`]);
    for (const { text, width } of shown) expect(width, `${text} is drawn`).toBeGreaterThan(0);
  }, 240_000);

  it('shows everything without script: the controls stay hidden, an area opens on a click', async () => {
    const { file, report } = await cleanRun();
    const page = await open(file, { javaScriptEnabled: false });
    expect(await page.locator('#rule-filter').isVisible()).toBe(false);
    await page.locator('#area-billing-schema > summary').click();
    expect(await shownRows(page).count()).toBe(
      report.rules.filter((rule) => rule.id.startsWith('billing.') && rule.kind === 'schema').length,
    );
  }, 240_000);

  it('shows the evidence of a failure as text, loads nothing, and keeps long lines inside their boxes', async () => {
    const catalog: Rule[] = [
      {
        id: 'billing.plan.name.length',
        title: 'Plan name is 1..127 characters',
        level: 'MUST',
        spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
        kind: 'limit',
        contracts: [],
      },
      {
        id: 'billing.plan.status.enum',
        title: 'Plan status is CREATED, INACTIVE or ACTIVE',
        level: 'MUST',
        spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
        kind: 'schema',
        contracts: [],
      },
    ];
    const report = buildReport(
      [
        failedCheck(
          'create plan refuses a 128-character name',
          {
            rule: 'billing.plan.name.length',
            message: 'a name of 128 characters was accepted <img src=x onerror=alert(2)>',
            expected: 'a 4xx refusal',
            received: 'status 201, body {"id":"P-1"}',
            exchanges: [
              {
                request: {
                  method: 'POST',
                  url: 'http://127.0.0.1:1/v1/billing/plans',
                  headers: { authorization: 'Bearer [REDACTED]' },
                  body: '{"name":"<script>alert(1)</script>"}',
                },
                response: {
                  status: 201,
                  headers: { 'content-type': 'application/json' },
                  body: '{"id":"P-1","name":"<script>alert(3)</script>"}',
                },
                durationMs: 3,
              },
            ],
            seed: 42,
            path: '0:1',
            curl:
              "curl -sS -i -X POST 'http://127.0.0.1:1/v1/billing/plans' -H 'Authorization: Bearer " +
              '${TOKEN}\' --data-raw \'{"name":"<script>alert(1)</script>"}\'',
            rerun:
              `npx api-conformance run --target profiles/staging.json --report-dir reports/ci --seed 42 ` +
              `--grep '${'create\\ plan\\ refuses\\ '.repeat(12)}'`,
            counterexample: JSON.stringify({ value: { name: 'n'.repeat(400) } }),
          },
          { seed: 42 },
        ),
        {
          name: 'status ok',
          file: 'billing/shapes',
          state: 'passed',
          durationMs: 1,
          meta: checkMeta({ rules: ['billing.plan.status.enum'] }),
        },
      ],
      catalog,
      runInfo({
        sections: { billing: { certified: true }, assignees: { certified: false, reason: 'no assignees section' } },
        startedAt: new Date(0).toISOString(),
        durationMs: 1200,
        seed: 42,
        settings: {
          suites: ['billing'],
          commandLine:
            `npm start -- --faults plan-name-128-accepted,plan-id-no-prefix --variant total-count-name ` +
            `--seed 42 --report-dir ${'/very/long/folder'.repeat(10)}`,
          faults: ['plan-name-128-accepted', 'plan-id-no-prefix'],
          variants: ['total-count-name'],
          approval: 'follow-link',
        },
      }),
    );
    const file = join(dir, 'made-up.html');
    writeFileSync(file, renderHtml(report));
    const requests: string[] = [];
    const page = await open(file, {
      width: 900,
      beforeLoad: (tab) => tab.on('request', (request) => requests.push(request.url())),
    });
    expect(await page.locator('#verdict').innerText()).toBe('NON_CONFORMANT');
    expect(await page.locator('#scope').innerText()).toContain('assignees (no assignees section)');
    const failure = page.locator('[id="f-billing.plan.name.length--1"]');
    const text = await failure.innerText();
    expect(text).toMatch(/POST \/v1\/billing\/plans → answered 201/);
    expect(text).toContain('{"name":"<script>alert(1)</script>"}');
    expect(text).toContain('a name of 128 characters was accepted <img src=x onerror=alert(2)>');
    expect(text).toMatch(/EXPECTED\s+a 4xx refusal/i);
    expect(text).toMatch(/RECEIVED\s+status 201/i);
    expect(text).toContain("curl -sS -i -X POST 'http://127.0.0.1:1/v1/billing/plans'");
    expect(text).toContain('42 / 0:1');
    // The requests and responses open on a click.
    await failure.locator('details.evidence > summary').click();
    expect(await failure.locator('.exchange').innerText()).toContain('"name":"<script>alert(3)</script>"');
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('img').count()).toBe(0);
    // The Run table says what was run: the command line, the reference's faults and variants, the approval mode.
    expect(await page.locator('#run-command').innerText()).toContain(
      'npm start -- --faults plan-name-128-accepted,plan-id-no-prefix',
    );
    expect(await page.locator('#run-faults').innerText()).toMatch(
      /reference faults\s+plan-name-128-accepted, plan-id-no-prefix/,
    );
    expect(await page.locator('#run-variants').innerText()).toMatch(/reference variants\s+total-count-name/);
    expect(await page.locator('#run-approval').innerText()).toMatch(/approval mode\s+follow-link/);
    // Long re-run, counterexample and command lines wrap inside their boxes instead of overflowing them.
    for (const selector of ['.failure', '.failure .kv', '#run-command td:last-child', 'body']) {
      const sizes = await page
        .locator(selector)
        .first()
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll, selector).toBeLessThanOrEqual(sizes.client);
    }
    // Self-contained: nothing but the file itself was loaded.
    expect(requests).toEqual([pathToFileURL(file).toString()]);
  }, 60_000);
});
