// A BCP 47 language tag (billing.md, application_context: locale "BCP 47, for example a
// five-character language-region code"), written as RFC 5646's ABNF (section 2.1) reads:
//
//   Language-Tag = langtag / privateuse / grandfathered
//   langtag      = language ["-" script] ["-" region] *("-" variant) *("-" extension) ["-" privateuse]
//   language     = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA     extlang = 3ALPHA *2("-" 3ALPHA)
//   script       = 4ALPHA        region  = 2ALPHA / 3DIGIT        variant = 5*8alphanum / (DIGIT 3alphanum)
//   extension    = singleton 1*("-" (2*8alphanum))                 singleton = alphanum but x
//   privateuse   = "x" 1*("-" (1*8alphanum))
//
// The well-formedness the grammar gives, as a JSON Schema pattern (no flags, so letters are
// matched in both cases: tags are case-insensitive). It does not look subtags up in the IANA
// registry (a well-formed tag of unknown subtags is still a tag) nor refuse a repeated variant or
// singleton (rules on top of the grammar). The grandfathered tags the grammar cannot read
// (i-klingon, en-GB-oed, ...) are listed; the regular ones (zh-min-nan, art-lojban) are langtags.

const ALPHA = '[A-Za-z]';
const DIGIT = '[0-9]';
const ALPHANUM = '[A-Za-z0-9]';

const LANGUAGE = `(?:${ALPHA}{2,3}(?:-${ALPHA}{3}){0,3}|${ALPHA}{4,8})`;
const SCRIPT = `(?:-${ALPHA}{4})?`;
const REGION = `(?:-(?:${ALPHA}{2}|${DIGIT}{3}))?`;
const VARIANTS = `(?:-(?:${ALPHANUM}{5,8}|${DIGIT}${ALPHANUM}{3}))*`;
const EXTENSIONS = `(?:-[0-9A-WY-Za-wy-z](?:-${ALPHANUM}{2,8})+)*`;
const PRIVATE_USE = `[Xx](?:-${ALPHANUM}{1,8})+`;

/** The irregular grandfathered tags of RFC 5646, which no production of the grammar reads. */
const IRREGULAR = [
  'en-GB-oed',
  'i-ami',
  'i-bnn',
  'i-default',
  'i-enochian',
  'i-hak',
  'i-klingon',
  'i-lux',
  'i-mingo',
  'i-navajo',
  'i-pwn',
  'i-tao',
  'i-tay',
  'i-tsu',
  'sgn-BE-FR',
  'sgn-BE-NL',
  'sgn-CH-DE',
];

/** A literal tag matched in either case: "i-ami" as "[Ii]-[Aa][Mm][Ii]". */
const eitherCase = (tag: string): string =>
  [...tag].map((c) => (/[A-Za-z]/.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c)).join('');

const LANGTAG = `${LANGUAGE}${SCRIPT}${REGION}${VARIANTS}${EXTENSIONS}(?:-${PRIVATE_USE})?`;

/** A well-formed BCP 47 language tag, anchored: the pattern of the locale contract. */
export const BCP47_REGEX = `^(?:${LANGTAG}|${PRIVATE_USE}|${IRREGULAR.map(eitherCase).join('|')})$`;

const TAG = new RegExp(BCP47_REGEX, 'u');

/** Whether `text` is a well-formed BCP 47 language tag. */
export const isLanguageTag = (text: string): boolean => TAG.test(text);
