import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../contracts/rule.js';
import { buildReport } from './build-report.js';
import { renderHtml } from './html.js';
import { checkMeta, failedCheck } from './test-support/check-results.js';
import { runInfo } from './test-support/run-info.js';

// report.html opened as a certifier would: in a real browser (Debian's chromium, no download).

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** CI sets REQUIRE_BROWSER=1: there a missing browser fails the run instead of skipping. */
const REQUIRED = process.env.REQUIRE_BROWSER === '1';
const MISSING = existsSync(CHROMIUM) ? undefined : `no browser at ${CHROMIUM}: install chromium (apt-get install chromium) or set CHROMIUM_PATH`;
if (MISSING && !REQUIRED) console.warn(`report.html browser test skipped: ${MISSING}`);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const catalog: Rule[] = [
  { id: 'billing.plan.name.length', title: 'Plan name is 1..127 characters', level: 'MUST', spec: { file: 'billing.md', heading: 'Plan' }, kind: 'limit', contracts: [] },
  { id: 'billing.plan.status.enum', title: 'Plan status is CREATED, INACTIVE or ACTIVE', level: 'MUST', spec: { file: 'billing.md', heading: 'Plan' }, kind: 'schema', contracts: [] },
];

describe.skipIf(MISSING !== undefined && !REQUIRED)('report.html in a browser', () => {
  it.runIf(REQUIRED && MISSING !== undefined)('finds the browser CI installs (REQUIRE_BROWSER=1)', () => {
    expect.fail(MISSING);
  });

  it('shows the verdict and the evidence of a failure', async () => {
    const report = buildReport(
      [
        failedCheck('create plan refuses a 128-character name', {
          rule: 'billing.plan.name.length',
          message: 'a name of 128 characters was accepted',
          expected: 'a 4xx refusal',
          received: 'status 201, body {"id":"P-1"}',
          exchanges: [
            {
              request: { method: 'POST', url: 'http://127.0.0.1:1/v1/billing/plans', headers: { authorization: 'Bearer [REDACTED]' }, body: '{"name":"<script>alert(1)</script>"}' },
              response: { status: 201, headers: { 'content-type': 'application/json' }, body: '{"id":"P-1"}' },
              durationMs: 3,
            },
          ],
          seed: 42,
          path: '0:1',
          curl: "curl -sS -i -X POST 'http://127.0.0.1:1/v1/billing/plans'",
          rerun: `npx api-conformance run --target profiles/staging.json --report-dir reports/ci --seed 42 --grep '${'create\\ plan\\ refuses\\ '.repeat(12)}'`,
          counterexample: JSON.stringify({ value: { name: 'n'.repeat(400) } }),
        }, { seed: 42 }),
        { name: 'status ok', file: 'billing/shapes', state: 'passed', durationMs: 1, meta: checkMeta({ rules: ['billing.plan.status.enum'] }) },
      ],
      catalog,
      runInfo({
        sections: { billing: { certified: true }, assignees: { certified: false, reason: 'no assignees section' } },
        startedAt: new Date(0).toISOString(),
        durationMs: 1200,
        seed: 42,
        settings: {
          suites: ['billing'],
          commandLine: `npm start -- --faults plan-name-128-accepted,plan-id-no-prefix --variant total-count-name --seed 42 --report-dir ${'/very/long/folder'.repeat(10)}`,
          faults: ['plan-name-128-accepted', 'plan-id-no-prefix'],
          variants: ['total-count-name'],
          approval: 'follow-link',
        },
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), 'report-html-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, renderHtml(report));

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(pathToFileURL(file).toString());
      expect(await page.locator('#verdict').innerText()).toBe('NON_CONFORMANT');
      const failure = page.locator('#f-billing\\.plan\\.name\\.length');
      await expect.poll(() => failure.isVisible()).toBe(true);
      const text = await failure.innerText();
      expect(text).toContain('a name of 128 characters was accepted');
      expect(text).toContain('a 4xx refusal');
      expect(text).toContain('POST http://127.0.0.1:1/v1/billing/plans');
      expect(text).toContain('HTTP 201');
      expect(text).toContain('curl -sS -i -X POST');
      // The evidence is shown as text, never run as markup.
      expect(text).toContain('<script>alert(1)</script>');
      expect(await page.locator('script').count()).toBe(0);
      // The Run table says what was run: the command line, the reference's faults and variants, the approval mode.
      expect(await page.locator('#run-command').innerText()).toContain('npm start -- --faults plan-name-128-accepted,plan-id-no-prefix');
      expect(await page.locator('#run-faults').innerText()).toMatch(/reference faults\s+plan-name-128-accepted, plan-id-no-prefix/);
      expect(await page.locator('#run-variants').innerText()).toMatch(/reference variants\s+total-count-name/);
      expect(await page.locator('#run-approval').innerText()).toMatch(/approval mode\s+follow-link/);
      // Long re-run, counterexample and command lines wrap inside their boxes instead of overflowing them.
      await page.setViewportSize({ width: 900, height: 800 });
      for (const selector of ['.failure', '.failure .kv', '#run-command td:last-child', 'body']) {
        const sizes = await page.locator(selector).first().evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(sizes.scroll, selector).toBeLessThanOrEqual(sizes.client);
      }
      // Area links lead to valid ids.
      const link = page.locator('a[href^="#area-"]').first();
      const target = (await link.getAttribute('href'))!;
      expect(target).toMatch(/^#area-[a-z0-9-]+$/);
      await link.click();
      expect(new URL(page.url()).hash).toBe(target);
      expect(await page.locator(target).count()).toBe(1);
      // Self-contained: nothing but the file itself was loaded.
      expect(requests).toEqual([pathToFileURL(file).toString()]);
      await page.screenshot({ path: join(dir, 'report.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
