import { apiRules, type Api } from '../contracts/operations.js';
import { broken, held, type Finding } from './finding.js';

// "Request and response bodies are JSON" (billing.md), "Bodies are JSON" (assignees.md): an answer
// with a body carries JSON, judged on the body as its representation (decoded from any content
// coding: judging/decoded-body.ts). An empty body is no body. Billing's answers also say so in
// their Content-Type (HTTP practice: a SHOULD).

export interface AnsweredBody {
  api: Api;
  /** What was asked, for messages: "show plan answered 404". */
  what: string;
  /** The decoded body. */
  text: string;
  /** The body read as JSON, when it is. */
  json: { ok: boolean };
  contentType: string | undefined;
}

export function judgeJsonBody(answer: AnsweredBody): Finding[] {
  if (answer.text.trim() === '') return [];
  const rule = apiRules(answer.api).jsonBodies;
  if (!answer.json.ok)
    return [broken(rule, `${answer.what} with a body that is not JSON`, 'a JSON body', answer.text.slice(0, 120))];
  if (answer.api !== 'billing') return [held(rule)];
  const type = answer.contentType;
  const typeRule = 'billing.http.json-content-type';
  if (/\bjson\b/i.test(type ?? '')) return [held(rule), held(typeRule)];
  return [
    held(rule),
    broken(
      typeRule,
      `${answer.what}: a JSON body ${type === undefined ? 'without a Content-Type' : `as ${type}`}`,
      'Content-Type: application/json',
      type ?? '(none)',
    ),
  ];
}
