import { describe, expect, it } from 'vitest';
import type { SectionVerdict } from '../reports/model.js';
import { badgeSvg } from './badges.js';

// A badge says which API, its verdict, and how many of its MUST rules passed.

const section = (verdict: SectionVerdict['verdict'], mustPassed: number): SectionVerdict => ({
  verdict,
  rules: 150,
  passed: mustPassed,
  failed: verdict === 'NON_CONFORMANT' ? 1 : 0,
  warnings: 0,
  skipped: 0,
  errors: 0,
  mustRules: 118,
  mustPassed,
});

/** The text a reader sees: badge-maker draws each text twice more as a shadow, hidden from readers. */
const label = (svg: string): string | undefined => /aria-label="([^"]*)"/.exec(svg)?.[1];

describe('badgeSvg', () => {
  it('shows the API, the verdict and passed/total MUST, in a colour per verdict', () => {
    const good = badgeSvg('assignees', section('CONFORMANT', 118));
    expect(good.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(label(good)).toBe('assignees API: CONFORMANT 118/118 MUST');
    const bad = badgeSvg('billing', section('NON_CONFORMANT', 117));
    expect(label(bad)).toBe('billing API: NON_CONFORMANT 117/118 MUST');
    const fill = (svg: string) =>
      [...svg.matchAll(/<rect x="\d+" width="\d+" height="20" fill="(#[0-9a-f]+)"/g)].map((m) => m[1]);
    // badge-maker's own brightgreen, red and yellow.
    expect(fill(good)).toEqual(['#4b0']);
    expect(fill(bad)).toEqual(['#dd4343']);
    expect(fill(badgeSvg('billing', section('PARTIAL', 100)))).toEqual(['#d8b800']);
  });

  it('escapes nothing into markup: the text is the verdict as written', () => {
    expect(badgeSvg('billing', section('INCOMPLETE', 0))).toContain('>INCOMPLETE 0/118 MUST</text>');
  });
});
