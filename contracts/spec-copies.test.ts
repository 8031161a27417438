import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.js';

// The two normative documents ship with the tool, as given, so that a certifier can open the
// text a report cites. Beside a checkout of the shared folder, they must be that text exactly.

const FILES = ['billing.md', 'assignees.md'] as const;
const shared = join(packageRoot(), '..', 'shared', 'spec');

describe('spec/', () => {
  it.each(FILES)('holds %s', (file) => {
    expect(readFileSync(join(packageRoot(), 'spec', file), 'utf8')).toMatch(/^# /);
  });

  it.skipIf(!existsSync(shared)).each(FILES)('%s is identical to ../shared/spec', (file) => {
    expect(readFileSync(join(packageRoot(), 'spec', file), 'utf8')).toBe(readFileSync(join(shared, file), 'utf8'));
  });
});
