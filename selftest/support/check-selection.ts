import type { CheckOutcome } from './runs.js';

// Which checks a fault or variant run selects, by name, from the clean run's map of checks.

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A --grep that selects exactly these checks (names are whole vitest test names). */
export function grepFor(names: readonly string[]): string {
  return [...new Set(names)].map(escapeRegExp).join('|');
}

/** The checks of the clean run that declared or covered `rule`. */
export function reachingChecks(checks: readonly CheckOutcome[], rule: string): string[] {
  return checks
    .filter((check) => check.rules.includes(rule) || check.covered.includes(rule))
    .map((check) => check.name);
}

/** The check modules that hold these checks. */
export function modulesOf(checks: readonly CheckOutcome[], names: readonly string[]): string[] {
  return [...new Set(checks.filter((check) => names.includes(check.name)).map((check) => check.file))];
}
