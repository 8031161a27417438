import type { RuleId } from '../contracts/rules/rule-ids.js';
import { broken, held, type Finding } from './finding.js';

// A request the spec requires refusing, judged by its answer: any 4xx holds the rule (the spec
// names few refusal codes), anything else breaks it, a 5xx included (it is no refusal). This is
// what `run`'s expectRefused asks of the requests its checks send to be refused; the proxy asks
// the same of a client's request that breaks a rule.

export function judgeRequiredRefusal(rule: RuleId, status: number, what: string): Finding {
  if (status >= 400 && status <= 499) return { ...held(rule), byRefusal: true };
  return broken(rule, `${what}: the request was not refused`, 'a 4xx refusal', `status ${status}`);
}
