import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { renderGeneratedList } from '../selftest/support/generated-list.js';
import { docComment, tsString } from './ts-text.js';

// The generators' TypeScript text is what Prettier writes, so `prettier --check` passes on a
// generated file as written and formatting never makes one stale.

async function formatted(text: string): Promise<string> {
  const options = await resolveConfig('contracts/report-types.ts');
  return format(text, { ...options, parser: 'typescript' });
}

describe('TypeScript text for generated files', () => {
  it('quotes as Prettier does: single quotes unless the text holds more of them than double', () => {
    expect(tsString('plain')).toBe("'plain'");
    expect(tsString("the run's plans")).toBe('"the run\'s plans"');
    expect(tsString('say "it\'s"')).toBe("'say \"it\\'s\"'");
    expect(tsString('back\\slash')).toBe("'back\\\\slash'");
  });

  it('writes a list of short, long and very long members that Prettier leaves as it is', async () => {
    const long = 'a check name long enough to need a line of its own after the key of the member, and then more';
    const proofs = {
      'short-fault': 'a check',
      'a-fault-with-a-long-name-for-the-key': long,
      "it's": `${long} ${long}`,
    };
    const text = renderGeneratedList(proofs, { missed: "the run's check did not fail it" });
    expect(await formatted(text)).toBe(text);
    expect(text.split('\n').filter((line) => line.length > 120)).toEqual([]);
  });

  it('wraps a doc comment over 120 columns', async () => {
    const text = `${docComment('word '.repeat(40).trim(), '  ')}`;
    expect(text.split('\n').every((line) => line.length <= 120)).toBe(true);
    const source = `interface A {\n${text}  a: string;\n}\n`;
    expect(await formatted(source)).toBe(source);
  });
});
