import { validateAttestation } from '../contracts/validate.js';
import { PREDICATE_TYPE, type ConformancePredicate } from './predicate.js';

// attestation.json: an in-toto Statement v1 (in-toto/attestation, spec/v1/statement.md). Its
// subjects are the report files, each named by its file name in the report folder and matched by
// its SHA-256; its predicate is this tool's (predicate.ts).

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const ATTESTATION_FILE = 'attestation.json';

export interface Subject {
  name: string;
  digest: { sha256: string };
}

export interface Statement {
  _type: typeof STATEMENT_TYPE;
  subject: Subject[];
  predicateType: typeof PREDICATE_TYPE;
  predicate: ConformancePredicate;
}

export function statementOf(subject: Subject[], predicate: ConformancePredicate): Statement {
  return { _type: STATEMENT_TYPE, subject, predicateType: PREDICATE_TYPE, predicate };
}

/** The text written to attestation.json, and signed as it is: the envelope's payload is these bytes. */
export function statementText(statement: Statement): string {
  return `${JSON.stringify(statement, null, 2)}\n`;
}

/** The statement in `text`, or the reasons it is not one of this tool's. */
export function parseStatement(text: string): { statement: Statement } | { problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [`not JSON (${(error as Error).message})`] };
  }
  const problems = validateAttestation(value);
  return problems.length > 0 ? { problems } : { statement: value as Statement };
}
