import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../contracts/rule.js';
import type { Exchange } from '../../harness/exchange.js';
import { buildReport } from '../build-report.js';
import { areaId, renderHtml } from './page.js';
import { html, trustedHtml } from './markup.js';
import type { CheckResult } from '../model.js';
import { proofOf } from '../proofs.js';
import { checkMeta, failedCheck } from '../test-support/check-results.js';
import { runInfo } from '../test-support/run-info.js';

// report.html as text: escaping of whatever the server sent, valid and unique ids, every
// failing check, errors grouped by cause, the settings of the run.

const rule = (id: string, kind: Rule['kind'], level: Rule['level'] = 'MUST'): Rule => ({
  id,
  title: `statement of ${id}`,
  level,
  spec: { file: 'billing.md', lines: { from: 41, to: 41 }, words: 'name', heading: 'Plan' },
  kind,
  contracts: [],
});
const CATALOG = [
  rule('billing.plan.name.length', 'limit'),
  rule('billing.plan.status.enum', 'schema'),
  rule('billing.plan.description.length', 'limit'),
  rule('billing.plan.id.pattern', 'schema'),
  rule('assignees.user.id.type', 'schema'),
];

const info = runInfo({
  settings: {
    commandLine: 'npm start -- --faults plan-name-128-accepted --seed 7',
    faults: ['plan-name-128-accepted'],
    variants: [],
    approval: 'follow-link',
  },
});

const failing = failedCheck('create plan refuses a long name', {
  rule: 'billing.plan.name.length',
  message: 'create plan with a name of 128 characters: the request was not refused',
  expected: 'a 4xx refusal',
  received: 'status 201',
  counterexample: '{"value":{"name":"xxxxxxxx"}}',
  exchanges: [],
});

const ids = (page: string): string[] => [...page.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]);

/** A check that stopped without a verdict on `rules`, with `message`. */
const erroredCheck = (name: string, rules: string[], message: string): CheckResult => ({
  name,
  file: 'billing/shapes',
  state: 'failed',
  durationMs: 2,
  meta: checkMeta({ rules, error: message }),
});

describe('the html tag', () => {
  it('escapes every interpolated text, and only text', () => {
    const hostile = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${hostile}">${hostile}</p>`.text).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; ' +
        '&#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
    expect(html`<b>${html`<i>${'<'}</i>`}</b>`.text).toBe('<b><i>&lt;</i></b>');
    expect(html`${['<a>', html`<br>`, 3]}`.text).toBe('&lt;a&gt;<br>3');
    expect(html`[${undefined}${null}${false}${''}]`.text).toBe('[]');
    expect(html`${trustedHtml('<style>a{}</style>')}`.text).toBe('<style>a{}</style>');
  });
});

describe('renderHtml', () => {
  const page = renderHtml(buildReport([failing], CATALOG, info));

  it('gives every element a valid id of its own, and every link a target', () => {
    const all = ids(page);
    for (const id of all) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9_.:@=-]*$/);
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([]);
    for (const [, target] of page.matchAll(/ href="#([^"]*)"/g)) expect(all).toContain(target);
    expect(areaId('billing · schema')).toBe('area-billing-schema');
    expect(areaId('billing · status-code')).toBe('area-billing-status-code');
  });

  it('shows text from the server as text: bodies, headers, messages, names', () => {
    const hostile = `<script>alert("pwned")</script> & "quoted" 'single' <img src=x onerror=alert(1)>`;
    const exchange: Exchange = {
      request: {
        method: 'POST',
        url: `http://127.0.0.1:1/v1/billing/plans?q=${hostile}`,
        headers: { 'x-echo': hostile },
        body: hostile,
      },
      response: { status: 201, headers: { 'x-server': hostile }, body: hostile },
      durationMs: 1,
    };
    const report = buildReport(
      [
        failedCheck(`check named ${hostile}`, {
          rule: 'billing.plan.name.length',
          message: hostile,
          expected: hostile,
          received: hostile,
          counterexample: hostile,
          curl: `curl ${hostile}`,
          rerun: `rerun ${hostile}`,
          exchanges: [exchange],
        }),
        erroredCheck(`errored ${hostile}`, ['billing.plan.id.pattern'], `stopped: ${hostile}`),
        {
          name: `passed ${hostile}`,
          file: 'billing/shapes',
          state: 'passed',
          durationMs: 1,
          meta: checkMeta({ rules: ['billing.plan.status.enum'], observations: [hostile] }),
        },
      ],
      CATALOG,
      runInfo({ baseUrl: `http://127.0.0.1:1/${hostile}`, settings: { commandLine: hostile, grep: hostile } }),
    );
    const out = renderHtml(report);
    // The page's own script is the only one, and no attribute was opened by the server's text.
    expect(out.match(/<script/gi)).toHaveLength(1);
    expect(out).not.toContain('<img');
    expect(out).not.toContain('"quoted"');
    expect(out).not.toMatch(/ & /);
    expect(out).toContain(
      '&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &quot;quoted&quot; ' +
        '&#39;single&#39; &lt;img src=x onerror=alert(1)&gt;',
    );
    // Every place the server's text lands: message, expected, received, bodies, headers, curl, re-run,
    // observation, error.
    expect(out.split('&lt;script&gt;alert(&quot;pwned&quot;)').length - 1).toBeGreaterThanOrEqual(12);
  });

  it('lets only its own script run (the policy names the hash of the inline script)', () => {
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)![1];
    const hash = createHash('sha256').update(script).digest('base64');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/
      .exec(page)![1]
      .replaceAll('&#39;', "'");
    expect(policy).toContain(`script-src 'sha256-${hash}'`);
    expect(policy).toContain("default-src 'none'");
  });

  it('shows everything without its script: areas are <details>, the search and filters stay hidden', () => {
    expect(page).toMatch(/<details class="area" id="area-billing-limit">/);
    expect(page).toMatch(/<div class="controls" id="rule-filter" hidden>/);
    expect(page).toContain('id="rule-billing.plan.status.enum"');
  });

  it('shows the command line, faults, variants and approval mode of the run', () => {
    expect(page).toMatch(
      new RegExp(
        '<tr id="run-command"><td>command line<\\/td><td><code class="line">npm ' +
          'start -- --faults plan-name-128-accepted --seed 7<\\/code>',
      ),
    );
    expect(page).toMatch(/<tr id="run-faults"><td>reference faults<\/td><td><code>plan-name-128-accepted<\/code>/);
    expect(page).toMatch(/<tr id="run-variants"><td>reference variants<\/td><td>none</);
    expect(page).toMatch(/<tr id="run-approval"><td>approval mode<\/td><td><code>follow-link<\/code>/);
    expect(page).toContain('id="faults-on"');
  });

  it('leaves out what an older report does not record', () => {
    const { commandLine: _c, faults: _f, variants: _v, approval: _a, ...settings } = info.settings;
    const old = renderHtml(buildReport([failing], CATALOG, { ...info, settings }));
    expect(old).not.toContain('id="run-command"');
    expect(old).not.toContain('id="run-faults"');
    expect(old).not.toContain('id="faults-on"');
  });

  it('shows the verdict and the proven count first, then the failures, then the rules, then the run', () => {
    const order = ['id="verdict"', 'id="counts"', 'id="proven"', 'id="failures"', 'id="rules"', 'id="run"'].map(
      (text) => page.indexOf(text),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('shows a failure as its rule, then message, expected, received, then the counterexample', () => {
    const block = page.slice(page.indexOf('id="f-billing.plan.name.length"'));
    const order = [
      'statement of billing.plan.name.length',
      'the request was not refused',
      'a 4xx refusal',
      'status 201',
      'counterexample',
      '{&quot;value&quot;',
    ].map((text) => block.indexOf(text));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(block.slice(0, block.indexOf('a 4xx refusal'))).not.toContain('(counterexample:');
  });

  it('lists every cause a rule failed for, each card with its own id', () => {
    const many = Array.from({ length: 11 }, (_, index) =>
      failedCheck(`check ${index + 1} refuses a long name`, {
        rule: 'billing.plan.name.length',
        message: `failure number ${index + 1}`,
        exchanges: [],
      }),
    );
    const out = renderHtml(buildReport(many, CATALOG, info));
    for (let index = 1; index <= 11; index++) {
      const block = out.slice(out.indexOf(`id="f-billing.plan.name.length--${index}"`));
      expect(block).toMatch(
        new RegExp(
          `^id="f-billing\\.plan\\.name\\.length--${index}">\\n<div class="check-name">cause ${index} ` +
            `of 11: <b>check ${index} refuses a long name</b>[\\s\\S]*?failure number ${index}<`,
        ),
      );
    }
    const all = ids(out);
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([]);
    expect(all).toContain('f-billing.plan.name.length');
  });

  it('shows one rule failing for one cause in many checks as one card, the checks listed folded', () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      failedCheck(`check ${index + 1} reads a user`, {
        rule: 'billing.plan.name.length',
        message: `answer ${index + 1}: /assignees/0/id is a string`,
        cause: '/assignees/*/id broke type',
        expected: 'an integer',
        received: '/assignees/0/id: "1" is text',
        exchanges: [],
      }),
    );
    const out = renderHtml(buildReport(many, CATALOG, info));
    const failures = out.slice(
      out.indexOf('id="failures"'),
      out.indexOf('id="errors"') > 0 ? out.indexOf('id="errors"') : out.indexOf('id="rules"'),
    );
    expect(failures.match(/<article class="failure/g)).toHaveLength(1);
    expect(failures).toContain('failed in 25 checks');
    expect(failures).toMatch(/<details class="failing-checks"><summary>in 25 checks<\/summary>/);
    expect(failures).toContain('check 25 reads a user');
  });

  it('groups checks without a verdict by cause, and links each rule in error to its cause', () => {
    const out = renderHtml(
      buildReport(
        [
          erroredCheck(
            'first needs a subscription',
            ['billing.plan.id.pattern'],
            'could not create a subscription for this check: answered 400 (fast-check seed 12, path 0)',
          ),
          erroredCheck(
            'second needs a subscription',
            ['billing.plan.description.length'],
            'could not create a subscription for this check: answered 400',
          ),
          erroredCheck('third times out', ['assignees.user.id.type'], 'timed out after 10000 ms'),
        ],
        CATALOG,
        info,
      ),
    );
    const errors = out.slice(out.indexOf('id="errors"'), out.indexOf('id="rules"'));
    expect(errors).toContain('3 checks stopped, for 2 causes');
    expect(errors.match(/<article class="failure error"/g)).toHaveLength(2);
    expect(errors).toMatch(
      new RegExp(
        'id="e-1">\\n<p class="message"><b>could not create a subscription ' +
          'for this check: answered 400<\\/b> <span class="muted">· 2 checks',
      ),
    );
    expect(errors).toContain('first needs a subscription');
    expect(errors).toContain('second needs a subscription');
    expect(out).toMatch(
      /id="rule-billing\.plan\.id\.pattern" data-status="error">[\s\S]*?<a href="#e-1">see the cause<\/a>/,
    );
    expect(out).toMatch(
      /id="rule-assignees\.user\.id\.type" data-status="error">[\s\S]*?<a href="#e-2">see the cause<\/a>/,
    );
  });

  it('shows on each rule row why it was skipped and the fault that proves it', () => {
    const out = renderHtml(buildReport([failing], CATALOG, info));
    const row = (id: string): string =>
      /<tr id="[^"]*"[\s\S]*?<\/tr>/.exec(out.slice(out.indexOf(`<tr id="rule-${id}"`)))![0];
    expect(row('billing.plan.status.enum')).toMatch(
      /data-status="skipped"[\s\S]*skipped: not exercised: no check of this run reached it/,
    );
    expect(row('billing.plan.name.length')).toContain(
      `proof: fault <code>${proofOf('billing.plan.name.length')!.fault}</code>`,
    );
    expect(row('billing.plan.name.length')).toMatch(
      /<code class="rule-id">billing\.<wbr>plan\.<wbr>name\.<wbr>length<\/code>/,
    );
  });
});

describe('renderHtml, what limits a run', () => {
  it(
    'says under the verdict why it is not plain: the note, an interruption, a quick look, a ' +
      'section left out, a lowered rate',
    () => {
      const passing: CheckResult = {
        name: 'plan status is one of three',
        file: 'billing/shapes',
        state: 'passed',
        durationMs: 1,
        meta: checkMeta({ rules: ['billing.plan.status.enum'] }),
      };
      const report = buildReport(
        [passing],
        CATALOG,
        runInfo({
          sections: {
            billing: { certified: true },
            assignees: { certified: false, reason: 'quick look (--base-url without --target)' },
          },
          settings: { quickLook: true, rate: 20, rateLowered: { from: 20, to: 5, after429s: 4 }, grep: 'create plan' },
        }),
      );
      report.summary.interrupted = { signal: 'SIGINT', notCleanedUp: ['plan <P-1> & its subscriptions'] };
      report.summary.diagnosis = {
        lines: ['94% of 345 requests were answered 429 <Too Many Requests>', 'give --rate 5'],
        requests: 345,
        rateLimited: 324,
        serverErrors: 0,
        timedOut: 0,
        reset: 0,
        causes: [],
        stateless: [],
        slowest: [],
        advice: [{ change: '--rate 5', why: 'rate limited' }],
      };
      const out = renderHtml(report);
      const top = out.slice(0, out.indexOf('id="failures"'));
      expect(top).toMatch(/<p id="verdict-note">only some checks ran \(--grep create plan\)/);
      expect(top).toContain('<strong>Interrupted (SIGINT)</strong>');
      expect(top).toContain('<li>plan &lt;P-1&gt; &amp; its subscriptions</li>');
      expect(top).toContain('id="quick-look"');
      expect(top).toContain('<li>94% of 345 requests were answered 429 &lt;Too Many Requests&gt;</li>');
      expect(top.indexOf('id="diagnosis"')).toBeLessThan(top.indexOf('id="interrupted"'));
      expect(top).toMatch(/id="scope">Not certified: <b>assignees<\/b> \(quick look \(--base-url without --target\)\)/);
      expect(out).toMatch(/<tr id="run-rate"><td>request rate<\/td><td>at most .*lowered to .* \(4 times\)<\/td>/);
    },
  );

  it('lists a broken SHOULD rule among the failures, as a warning', () => {
    const catalog = [rule('billing.errors.retry-after', 'http', 'SHOULD'), ...CATALOG];
    const out = renderHtml(
      buildReport(
        [
          failedCheck('429 carries Retry-After', {
            rule: 'billing.errors.retry-after',
            message: 'no Retry-After on a 429',
            exchanges: [],
          }),
        ],
        catalog,
        info,
      ),
    );
    expect(out).toMatch(
      new RegExp(
        '<section class="failure-rule" id="f-billing\\.errors\\.retry-after">\\n<h3><span ' +
          'class="s s-warning">warning<\\/span> <span class="level">SHOULD<\\/span>',
      ),
    );
    expect(out).toContain('<article class="failure warning" id="f-billing.errors.retry-after--1">');
  });

  it('shows a proxy session and the mistakes of its client apart from the failures', () => {
    const report = buildReport(
      [failing],
      CATALOG,
      runInfo({ settings: { proxy: { upstream: 'http://127.0.0.1:9/', exchanges: 12 } } }),
    );
    report.clientMistakes = [
      {
        rule: 'billing.plan.name.length',
        operation: 'create plan',
        message: 'the name has 300 characters <b>',
        count: 3,
        example: {
          request: {
            method: 'POST',
            url: 'http://127.0.0.1:9/v1/billing/plans',
            headers: {},
            body: '{"name":"<script>"}',
          },
          response: { status: 400, headers: {}, body: '{}' },
          durationMs: 1,
        },
      },
    ];
    const out = renderHtml(report);
    expect(out).toContain('id="proxy"');
    expect(out).toMatch(
      new RegExp(
        '<tr id="run-proxy"><td>proxy session<\\/td><td>a client\'s traffic ' +
          'to <code class="line">http:\\/\\/127\\.0\\.0\\.1:9\\/<\\/code>: 12 ' +
          'exchanges judged',
      ),
    );
    const mistakes = out.slice(out.indexOf('id="client-mistakes"'), out.indexOf('id="rules"'));
    expect(mistakes).toContain('the name has 300 characters &lt;b&gt;');
    expect(mistakes).toContain('create plan · 3 times');
    expect(mistakes).toContain('{&quot;name&quot;:&quot;&lt;script&gt;&quot;}');
    expect(out.indexOf('id="failures"')).toBeLessThan(out.indexOf('id="client-mistakes"'));
  });
});
