import type { RuleId } from '../contracts/rules/rule-ids.js';

// What judging one exchange says of one rule: it held, or it broke (with what was expected and
// what was received). The judges of judging/ return findings; `run`'s checks turn a broken one
// into a failure of the check, the proxy into a failing exchange of its report.

export interface Finding {
  rule: RuleId;
  held: boolean;
  /** A pass earned by refusing a broken request: it counts only if the operation takes requests. */
  byRefusal?: boolean;
  message?: string;
  expected?: string;
  received?: string;
}

/** A rule the request broke: the client's mistake, whatever the server did with it. */
export interface ClientMistake {
  rule: RuleId;
  message: string;
}

export const held = (rule: RuleId): Finding => ({ rule, held: true });

export const broken = (rule: RuleId, message: string, expected: string, received: string): Finding => ({
  rule,
  held: false,
  message,
  expected,
  received,
});
