// A JSON Patch document as a request body carries it (billing.md, JSON Patch body): read into
// operations, every problem of its structure refused at once (400). Applying them is json-patch.ts.

import type { Validator } from '../http/validator.js';
import { parsePointer, PATCH_OPS, type PatchOperation, type PatchOpName } from './json-patch.js';

/** Checks the structure of the patch document (400 on any problem). */
export function readPatch(v: Validator, body: unknown): PatchOperation[] {
  v.require('body', body);
  const items = v.array('body', body);
  if (!items) return [];
  const operations: PatchOperation[] = [];
  items.forEach((item, index) => {
    const at = `/${index}`;
    // a plug-in may read an operation another way, or skip it (undefined)
    const operation = v.behaviour.accepted('patch operation', v.object(at, item));
    if (!operation) return;
    v.require(`${at}/op`, operation.op);
    const op = v.string(`${at}/op`, operation.op, { values: PATCH_OPS }) as PatchOpName | undefined;
    v.require(`${at}/path`, operation.path);
    const path = v.string(`${at}/path`, operation.path);
    const segments = path !== undefined ? parsePointer(path) : undefined;
    if (path !== undefined && !segments)
      v.fail(`${at}/path`, 'INVALID_JSON_POINTER_FORMAT', `${at}/path must be a JSON Pointer.`);
    if (op && ['add', 'replace', 'test'].includes(op) && !('value' in operation)) {
      v.fail(`${at}/value`, 'MISSING_REQUIRED_PARAMETER', `value is required for ${op}.`);
    }
    let from: string | undefined;
    let fromSegments: string[] | undefined;
    if (op === 'move' || op === 'copy') {
      v.require(`${at}/from`, operation.from);
      from = v.string(`${at}/from`, operation.from);
      fromSegments = from !== undefined ? parsePointer(from) : undefined;
      if (from !== undefined && !fromSegments)
        v.fail(`${at}/from`, 'INVALID_JSON_POINTER_FORMAT', `${at}/from must be a JSON Pointer.`);
    }
    if (op && path !== undefined && segments) {
      operations.push({
        op,
        path,
        segments,
        ...('value' in operation ? { value: operation.value } : {}),
        ...(from !== undefined && fromSegments ? { from, fromSegments } : {}),
      });
    }
  });
  return operations;
}
