import { describe, expect, it } from 'vitest';
import { SWITCHABLE_FAULTS } from '../reference/faults/index.js';
import { VARIANTS } from '../reference/variants.js';
import { faultList, SERVE_HELP, serveCommand, variantList } from './serve-command.js';

// `serve --help` fits on one screen of a terminal (24 rows of 80 columns); the faults and the
// variants are listed by their own flags, every one, wrapped to the width and never cut.

const lines = (text: string): string[] => text.split('\n');

async function serve(args: string[]): Promise<string> {
  const printed: string[] = [];
  expect(await serveCommand(args, (text) => printed.push(text))).toBe(0);
  return printed.join('\n');
}

describe('serve', () => {
  it('has a --help that fits on a screen and says where the lists are', async () => {
    const help = await serve(['--help']);
    expect(help).toBe(SERVE_HELP);
    expect(lines(help).length).toBeLessThanOrEqual(24);
    for (const line of lines(help)) expect(line.length, line).toBeLessThanOrEqual(100);
    expect(help).toContain('--list-faults');
    expect(help).toContain('--list-variants');
  });

  it('lists every fault with the rule it breaks, and every variant', async () => {
    const faults = await serve(['--list-faults']);
    for (const fault of SWITCHABLE_FAULTS)
      expect(`\n${faults}\n`).toContain(`\n${fault.name}\n    breaks ${fault.rule}\n`);
    const variants = await serve(['--list-variants']);
    for (const variant of VARIANTS) expect(lines(variants)).toContain(variant.name);
  });

  it('wraps the lists to the width and cuts no word', () => {
    const words = (all: string): string[] => all.split(/\s+/).filter(Boolean);
    for (const [narrow, wide] of [
      [faultList(80), faultList(1000)],
      [variantList(80), variantList(1000)],
    ]) {
      // A line over the width holds one word (a name), or the rule a fault breaks: neither is cut.
      for (const line of lines(narrow)) if (line.length > 80) expect(line, line).toMatch(/^( {4}(breaks )?)?\S+$/);
      expect(words(narrow)).toEqual(words(wide));
    }
  });
});
