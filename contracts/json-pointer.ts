// JSON Pointer (RFC 6901), the one implementation the checker uses: where a contract error
// sits, where a generated value breaks a rule, which member a patch names. A reference token
// writes "~" as "~0" and "/" as "~1"; reading undoes it in the other order.

export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The pointer to the member reached through `segments` ("" for none: the whole document). */
export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${escapeToken(segment)}`).join('');
}

/** The member names and indices a pointer goes through, unescaped ("" has none). */
export function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
}

/** The value reached through `segments`, or undefined where a member or an index is missing. */
export function valueAtSegments(document: unknown, segments: readonly (string | number)[]): unknown {
  let node = document;
  for (const segment of segments) {
    const key = String(segment);
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, key)) {
      node = (node as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return node;
}

/** The value at `pointer` in `document`, or undefined when nothing is there. */
export function valueAtPointer(document: unknown, pointer: string): unknown {
  return valueAtSegments(document, segmentsOf(pointer));
}

/** Whether `document` holds a member at `pointer` (JSON has no undefined: a member found has a value). */
export function hasPointer(document: unknown, pointer: string): boolean {
  return valueAtPointer(document, pointer) !== undefined;
}
