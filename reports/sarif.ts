import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiOfRule, operationOf } from '../contracts/operations.js';
import { packageRoot } from '../contracts/package-root.js';
import { clip, splitCounterexample } from './check-text.js';
import { failureGroups, type FailureGroup } from './failure-groups.js';
import { shownExchange } from './html/exchange.js';
import type { ConformanceReport, RuleReport } from './model.js';
import { reportingDescriptor, specPlace, type ReportingDescriptor, type SarifLevel } from './sarif-rules.js';

// conformance.sarif (SARIF 2.1.0) for code scanning views: every rule of the catalog as a
// reportingDescriptor, and a result per failed or warned rule and cause, located at the rule's
// spec sentence (spec/<file>, its lines) with the operation it was seen on as a logical location.
// GitHub matches an alert across runs by rule id, location and partialFingerprints: the
// fingerprint is made of the rule, the check and the operation only, never of what changes from
// run to run (ids, seeds, times, ports), so a known failure keeps its alert.

/** The OASIS standard's schema of SARIF 2.1.0 (errata 01). */
export const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
/** The key of the fingerprint; its version changes only if what it hashes changes. */
export const FINGERPRINT_KEY = 'conformance/v1';
/** Where the spec paths are relative to: the package's (or this repository's) root. */
const URI_BASE = '%SRCROOT%';
/**
 * Code scanning takes at most 25,000 results per run (and a 10 MB gzipped upload). One result per
 * rule and cause keeps a run far below that; this bound per rule (25 x the catalog's ~720 rules),
 * and the one below for the whole run, hold it there whatever a broken server does.
 */
const MAX_RESULTS_PER_RULE = 25;
const MAX_RESULTS = 20_000;
/** Exchange ids a result names, at most (the report holds them all). */
const MAX_EVIDENCE_IDS = 20;

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: Array<{
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: string; index: number };
      region: { startLine: number; endLine: number };
    };
    logicalLocations?: Array<{ name: string; fullyQualifiedName: string; kind: string }>;
  }>;
  partialFingerprints: Record<string, string>;
  properties: {
    check: string;
    operation: string | null;
    /** The causes this result stands for: a second one shares its rule, check and operation. */
    causes: string[];
    /** How many checks failed the rule for these causes. */
    checks: number;
    evidence: string[];
    rerun?: string;
    expected?: string;
    received?: string;
    counterexample?: string;
  };
}

const SPEC_FILES = ['spec/billing.md', 'spec/assignees.md'] as const;

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** The stable fingerprint of a failure: rule, check and operation, nothing of this run. */
export function fingerprintOf(rule: string, check: string, operation: string | null): string {
  return sha256([rule, check, operation ?? ''].join('\n'));
}

/** The spec operation the group's failure was shown on ("create plan"), or null when no request shows it. */
function operationOfGroup(group: FailureGroup): string | null {
  const shown = shownExchange(group.checks[0]);
  return shown ? (operationOf(shown.request.method, shown.request.url)?.name ?? null) : null;
}

/** The message a code scanning view shows: what went wrong, then expected and received. */
function messageOf(rule: RuleReport, group: FailureGroup, operation: string | null): string {
  const check = group.checks[0];
  const { message } = splitCounterexample(check.message);
  const more = group.checks.length > 1 ? ` (and ${group.checks.length - 1} more check(s))` : '';
  return [
    `${rule.id}: ${clip(message || group.cause, 1000)}`,
    check.expected !== undefined ? `Expected: ${clip(check.expected, 300)}` : '',
    check.received !== undefined ? `Received: ${clip(check.received, 500)}` : '',
    `Check: ${check.name}${more}${operation ? `, on ${operation}` : ''}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The group as a result names it: its checks by name. Checks end in another order from run to run
 * (they run side by side), so the one a result is made from, and fingerprinted by, is the first by
 * name, not the first to end.
 */
const byName = (group: FailureGroup): FailureGroup => ({
  ...group,
  checks: [...group.checks].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
});

function resultOf(rule: RuleReport, ruleIndex: number, group: FailureGroup): SarifResult {
  const check = group.checks[0];
  const operation = operationOfGroup(group);
  const place = specPlace(rule);
  const evidence = [
    ...new Set(group.checks.flatMap((c) => c.evidence.flatMap((item) => (item.id !== undefined ? [item.id] : [])))),
  ];
  const { counterexample } = splitCounterexample(check.message);
  return {
    ruleId: rule.id,
    ruleIndex,
    level: rule.status === 'failed' ? 'error' : 'warning',
    message: { text: messageOf(rule, group, operation) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: place.uri, uriBaseId: URI_BASE, index: SPEC_FILES.indexOf(place.uri) },
          region: { startLine: place.startLine, endLine: place.endLine },
        },
        ...(operation
          ? {
              logicalLocations: [
                { name: operation, fullyQualifiedName: `${apiOfRule(rule.id)}/${operation}`, kind: 'function' },
              ],
            }
          : {}),
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: fingerprintOf(rule.id, check.name, operation) },
    properties: {
      check: check.name,
      operation,
      causes: [group.cause],
      checks: group.checks.length,
      evidence: evidence.slice(0, MAX_EVIDENCE_IDS),
      ...(check.rerun !== undefined ? { rerun: check.rerun } : {}),
      ...(check.expected !== undefined ? { expected: clip(check.expected, 1000) } : {}),
      ...(check.received !== undefined ? { received: clip(check.received, 2000) } : {}),
      ...(counterexample !== undefined ? { counterexample: clip(counterexample, 2000) } : {}),
    },
  };
}

/** A failed or warned rule's results: one per cause, a cause with the fingerprint of another folded into it. */
function ruleResults(rule: RuleReport, ruleIndex: number): SarifResult[] {
  const byFingerprint = new Map<string, SarifResult>();
  // In the order of their causes, not of the checks' ends: the same failures give the same file.
  const groups = failureGroups(rule)
    .map(byName)
    .sort((a, b) => (a.cause < b.cause ? -1 : a.cause > b.cause ? 1 : 0));
  for (const group of groups) {
    const result = resultOf(rule, ruleIndex, group);
    const key = result.partialFingerprints[FINGERPRINT_KEY];
    const same = byFingerprint.get(key);
    if (same) {
      same.properties.causes.push(group.cause);
      same.properties.checks += group.checks.length;
    } else if (byFingerprint.size < MAX_RESULTS_PER_RULE) byFingerprint.set(key, result);
  }
  return [...byFingerprint.values()];
}

function artifacts(): Array<{ location: { uri: string; uriBaseId: string }; hashes: { 'sha-256': string } }> {
  return SPEC_FILES.map((uri) => ({
    location: { uri, uriBaseId: URI_BASE },
    hashes: { 'sha-256': sha256(readFileSync(join(packageRoot(), uri))) },
  }));
}

/** The SARIF log: one run of the tool, its rules, the spec files and the results. */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: Array<{
    tool: { driver: { name: string; version: string; rules: ReportingDescriptor[] } };
    artifacts: ReturnType<typeof artifacts>;
    invocations: Array<{
      executionSuccessful: boolean;
      commandLine?: string;
      startTimeUtc: string;
      endTimeUtc: string;
    }>;
    results: SarifResult[];
    properties: { verdict: string; target: string; seed: number };
  }>;
}

export function sarifLog(report: ConformanceReport): SarifLog {
  const rules: ReportingDescriptor[] = report.rules.map(reportingDescriptor);
  const results = report.rules
    .flatMap((rule, index) => (rule.status === 'failed' || rule.status === 'warning' ? ruleResults(rule, index) : []))
    .slice(0, MAX_RESULTS);
  const endedAt = new Date(Date.parse(report.startedAt) + report.durationMs).toISOString();
  const runErrors = report.summary.runErrors ?? [];
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: report.tool.name, version: report.tool.version, rules } },
        artifacts: artifacts(),
        invocations: [
          {
            executionSuccessful: runErrors.length === 0,
            ...(report.settings.commandLine ? { commandLine: report.settings.commandLine } : {}),
            startTimeUtc: report.startedAt,
            endTimeUtc: endedAt,
          },
        ],
        results,
        properties: { verdict: report.summary.verdict, target: report.target.baseUrl, seed: report.seed },
      },
    ],
  };
}

export function renderSarif(report: ConformanceReport): string {
  return `${JSON.stringify(sarifLog(report), null, 2)}\n`;
}
