import type { ConformanceReport, RuleReport, RuleStatus } from './model.js';

// The rules of a report by area: an API and a kind of rule ("billing · schema"). One grouping
// for every writer (junit.xml's test suites, summary.md's table, report.html's sections), so the
// three always show the same areas with the same counts.

export interface Area {
  api: string;
  kind: RuleReport['kind'];
  /** How the area reads: "billing · schema". */
  name: string;
  rules: RuleReport[];
  /** Rules per status. */
  counts: Record<RuleStatus, number>;
}

const STATUSES: readonly RuleStatus[] = ['passed', 'failed', 'warning', 'error', 'skipped'];

/** The areas of a report, by name; within one, the rules in catalog order. */
export function areasOf(report: Pick<ConformanceReport, 'rules'>): Area[] {
  const areas = new Map<string, Area>();
  for (const rule of report.rules) {
    const api = rule.id.split('.')[0];
    const name = `${api} · ${rule.kind}`;
    let area = areas.get(name);
    if (!area) {
      area = {
        api,
        kind: rule.kind,
        name,
        rules: [],
        counts: Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<RuleStatus, number>,
      };
      areas.set(name, area);
    }
    area.rules.push(rule);
    area.counts[rule.status] += 1;
  }
  return [...areas.values()].sort((a, b) => a.name.localeCompare(b.name));
}
