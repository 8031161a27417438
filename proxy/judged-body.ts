import { codingsOf, decodeBody } from '../judging/decoded-body.js';

// A body of a proxied exchange as the judges and the report see it: decoded from its
// Content-Encoding (the client got the bytes as they came), or, when it could not be decoded,
// why not. A copy cut at the judging limit is not decoded: a cut coded body decodes to nothing.

export interface JudgedBody {
  text: string;
  /** Why the body could not be decoded: it is not judged. */
  undecodable?: string;
  /** The codings undone to read it. */
  codings?: string[];
}

export function judgedBody(bytes: Buffer, headers: Readonly<Record<string, string>>, truncated: boolean): JudgedBody {
  const coding = headers['content-encoding'];
  if (truncated && codingsOf(coding).length > 0) {
    return { text: '', undecodable: `the kept copy of the ${coding} body was cut at ${bytes.length} bytes` };
  }
  const decoded = decodeBody(bytes, coding);
  if ('undecodable' in decoded) return { text: '', undecodable: decoded.undecodable };
  return { text: decoded.text, codings: decoded.codings };
}

/** The text a report shows for a body: what it reads as, or what was not decoded and why. */
export function shownBody(bytes: Buffer, body: JudgedBody): string {
  return body.undecodable ? `(${bytes.length} bytes, not decoded: ${body.undecodable})` : body.text;
}
