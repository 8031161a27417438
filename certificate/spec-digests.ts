import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../contracts/package-root.js';
import { sha256Hex } from './digest.js';

// The spec texts this version of the tool checks against, as shipped in its package (spec/): a
// certificate names their digests, and `verify` holds a certificate to the texts it ships, so a
// verdict reached against another text of a spec does not pass for one reached against this one.

export const SPEC_FILES = ['spec/billing.md', 'spec/assignees.md'] as const;

export interface SpecDigest {
  name: (typeof SPEC_FILES)[number];
  digest: { sha256: string };
}

export function shippedSpecDigests(): SpecDigest[] {
  return SPEC_FILES.map((name) => ({ name, digest: { sha256: sha256Hex(readFileSync(join(packageRoot(), name))) } }));
}
