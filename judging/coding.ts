import { apiRules, type Api } from '../contracts/operations.js';
import { broken, held, type Finding } from './finding.js';

// HTTP practice (RFC 9110, 12.5.3 Accept-Encoding): a server codes a body (gzip, deflate, br)
// for a client that said it takes that coding. `run` asks for none, and a plain client that
// follows the spec ("Content-Type: application/json and Accept: application/json") asks for none
// either: a coded answer to it would be bytes, not the JSON the spec names. The body is judged
// decoded all the same; the coding itself is this SHOULD rule's warning.

export interface CodedAnswer {
  api: Api;
  /** The request's Accept-Encoding header, if it sent one. */
  acceptEncoding: string | undefined;
  /** The codings the answer's body came in (none: sent as it is). */
  codings: readonly string[];
  /** What was asked, for the message: "show plan". */
  what: string;
}

/** Whether the request's Accept-Encoding names `coding` (or any coding with "*"), with a weight above 0. */
function accepts(acceptEncoding: string, coding: string): boolean {
  return acceptEncoding.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return (
      (name === coding || name === '*' || (coding === 'x-gzip' && name === 'gzip')) &&
      (q === undefined || Number(q) > 0)
    );
  });
}

/** Judges an answer with a body: held when it came as it is or in a coding the request asked for. */
export function judgeCoding(answer: CodedAnswer): Finding {
  const rule = apiRules(answer.api).unaskedCoding;
  const unasked = answer.codings.filter((coding) => !accepts(answer.acceptEncoding ?? '', coding));
  if (unasked.length === 0) return held(rule);
  const asked =
    answer.acceptEncoding === undefined ? 'no Accept-Encoding' : `Accept-Encoding: ${answer.acceptEncoding}`;
  return broken(
    rule,
    `${answer.what} answered with Content-Encoding ${answer.codings.join(', ')}, which the request did not ask for ` +
      '(the body was judged decoded)',
    `a body without a content coding (the request sent ${asked})`,
    `Content-Encoding ${answer.codings.join(', ')}`,
  );
}
