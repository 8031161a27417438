import { ruleById } from '../contracts/rules/index.js';
import { pathAndQuery } from '../harness/url-path.js';
import { judgeExchange } from '../proxy/judge-exchange.js';
import type { ConformanceReport } from '../reports/model.js';
import type { Pair, SideExchange } from './pairs.js';

// A difference where one side breaks a rule is not a choice the spec leaves open: it is a
// conformance difference, reported with the rule. An answer breaks a rule when, judged on its
// own as the proxy judges a client's exchange, it breaks one (a User id sent as text), or when
// that side's own run failed the rule with this exchange as its evidence (a patch not applied,
// seen only in the read back that followed).

export interface Broken {
  rule: string;
  level: 'MUST' | 'SHOULD';
  /** What the answer shows, in the words of the judge or of the check that failed it. */
  message: string;
}

/** The failures of one side's run, by the exchange that shows each: check, request and status. */
export class RunFailures {
  private readonly byExchange = new Map<string, Broken[]>();

  constructor(report: ConformanceReport) {
    for (const rule of report.rules) {
      if (rule.status !== 'failed' && rule.status !== 'warning') continue;
      for (const check of rule.checks) {
        if (check.status !== 'failed') continue;
        for (const exchange of check.evidence) {
          // A failed check's evidence is whole exchanges; references belong to passes.
          if (!('request' in exchange)) continue;
          const key = RunFailures.key(
            check.name,
            exchange.request.method,
            exchange.request.url,
            exchange.response?.status,
          );
          const list = this.byExchange.get(key) ?? [];
          list.push({ rule: rule.id, level: rule.level, message: check.message ?? 'failed' });
          this.byExchange.set(key, list);
        }
      }
    }
  }

  private static key(check: string, method: string, url: string, status: number | undefined): string {
    return `${check}\n${method} ${url}\n${status ?? ''}`;
  }

  of(check: string, side: SideExchange): Broken[] {
    return this.byExchange.get(RunFailures.key(check, side.method, side.url, side.status)) ?? [];
  }
}

/** The rules this answer breaks, judged on its own. */
function judged(side: SideExchange): Broken[] {
  const { findings } = judgeExchange({
    method: side.method,
    target: pathAndQuery(side.url),
    requestHeaders: side.requestHeaders,
    requestBody: side.requestBody ?? '',
    status: side.status,
    responseHeaders: side.responseHeaders,
    responseBody: side.responseBody,
    truncated: side.truncated,
  });
  return findings
    .filter((finding) => !finding.held)
    .map((finding) => ({
      rule: finding.rule,
      level: ruleById(finding.rule)?.level ?? 'MUST',
      message: finding.message ?? `breaks ${finding.rule}`,
    }));
}

/** The rules one answer of the pair breaks and the other does not, with the side that breaks each. */
export function conformanceDifferences(
  pair: Pair,
  failures: { a: RunFailures; b: RunFailures },
): Array<Broken & { side: 'a' | 'b' }> {
  const brokenBy = (side: 'a' | 'b'): Map<string, Broken> =>
    new Map(
      [...judged(pair[side]), ...failures[side].of(pair.check, pair[side])].map((broken) => [broken.rule, broken]),
    );
  const a = brokenBy('a');
  const b = brokenBy('b');
  return [
    ...[...a.values()].filter((broken) => !b.has(broken.rule)).map((broken) => ({ ...broken, side: 'a' as const })),
    ...[...b.values()].filter((broken) => !a.has(broken.rule)).map((broken) => ({ ...broken, side: 'b' as const })),
  ];
}
