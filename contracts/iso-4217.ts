// ISO 4217 currency codes (billing.md, Shared value types: Money "currency_code: string, exactly
// 3 characters, ISO-4217"), as data: the contracts' enumeration of a currency_code and the
// reference's validation read this one list. What "is an ISO 4217 code" means:
// - an answer carries a code of the current list, or one withdrawn since 2000 that a resource
//   made before the change may still carry (HRK, SLL, ...): a correct server never fails on those;
// - a request is refused for a code that was never assigned. The checks send only such codes
//   (NEVER_ASSIGNED), so a server is never asked to refuse a withdrawn one.

/** The current list (ISO 4217 list one): currencies, funds and the X codes (metals, testing, no currency). */
const CURRENT = `
AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD
CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP
GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW
KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN
NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL
SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES
VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG ZWL
`;

/** Codes withdrawn since 2000 (ISO 4217 list three): an older resource may still be in one. */
const WITHDRAWN = `
ADP AFA ATS AZM BEF BGL BYB BYR CSD CYP DEM ECS EEK ESP FIM FRF GHC GRD GWP HRK IEP ITL LTL LUF LVL MGF
MRO MTL MZM NLG PTE ROL SDD SIT SKK SRG STD TMM TPE TRL VEB VEF XEU YUM ZMK ZWD ZWN ZWR
`;

const codes = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** Every code a currency_code may be: the current list and the codes withdrawn since 2000, sorted. */
export const ISO_4217_CODES: readonly string[] = [...new Set([...codes(CURRENT), ...codes(WITHDRAWN)])].sort();

/**
 * Three capital letters that no version of ISO 4217 assigned, outside the ranges it reserves
 * for users (AAA-AAZ, QMA-QZZ, XAA-XZZ, ZZA-ZZZ): what a request breaking the rule sends.
 */
export const NEVER_ASSIGNED: readonly string[] = ['ABC', 'BBB', 'DDD', 'UUU'];

const known = new Set(ISO_4217_CODES);

/** Whether `code` is an ISO 4217 code (of the current list, or withdrawn since 2000). */
export const isCurrencyCode = (code: string): boolean => known.has(code);
