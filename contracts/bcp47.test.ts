import { describe, expect, it } from 'vitest';
import { BCP47_REGEX, isLanguageTag } from './bcp47.js';

// RFC 5646's ABNF as a pattern: the tags of its examples (appendix A) are well formed, the
// usual mistakes (an underscore, an empty subtag, digits for a language) are not.

describe('a BCP 47 language tag', () => {
  it.each([
    ['a language', 'en'],
    ['a three-letter language', 'ast'],
    ['language and region', 'en-US'],
    ['language and region, five characters as the spec says', 'de-DE'],
    ['language, script and region', 'zh-Hant-TW'],
    ['a numeric region', 'es-419'],
    ['language and extended language', 'zh-yue-HK'],
    ['a variant of four characters starting with a digit', 'de-CH-1901'],
    ['a variant of five to eight characters', 'sl-rozaj-biske'],
    ['an extension and private use', 'en-a-bbb-x-a-ccc'],
    ['private use alone', 'x-whatever'],
    ['a language of five to eight letters (reserved, but well formed)', 'english'],
    ['letters in any case', 'EN-us'],
    ['an irregular grandfathered tag', 'i-klingon'],
    ['another, in another case', 'EN-gb-OED'],
    ['a regular grandfathered tag, read as a langtag', 'zh-min-nan'],
  ])('takes %s: %s', (_what, tag) => {
    expect(isLanguageTag(tag)).toBe(true);
  });

  it.each([
    ['an underscore for the hyphen', 'en_US'],
    ['a trailing hyphen', 'en-'],
    ['a leading hyphen', '-US'],
    ['an empty subtag', 'en--US'],
    ['digits for a language', '12'],
    ['one letter', 'e'],
    ['a language of nine letters', 'languages'],
    ['a singleton without its subtags', 'en-a'],
    ['private use without a subtag', 'en-x'],
    ['a singleton for a language', 'a-bcd'],
    ['a region of three letters after the script', 'zh-Hant-TWN'],
    ['a region of one letter', 'fr-F'],
    ['a space', 'en US'],
  ])('refuses %s: %s', (_what, tag) => {
    expect(isLanguageTag(tag)).toBe(false);
  });

  it('is one anchored pattern a JSON Schema can carry (no flags)', () => {
    expect(BCP47_REGEX.startsWith('^') && BCP47_REGEX.endsWith('$')).toBe(true);
    expect(new RegExp(BCP47_REGEX, 'u').test('fr-FR')).toBe(true);
  });
});
