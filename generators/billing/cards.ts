// A card (request) as subscriber.payment_source.card (billing.md, "Payment source card shapes"):
// name 1..300; number 13..19 digits; security_code 3..4 digits, absent when the stored
// credential's payment_initiator is MERCHANT; expiry YYYY-MM; type (CREDIT, DEBIT, PREPAID,
// STORE, UNKNOWN); brand; billing_address (six members only); attributes {customer, vault,
// verification}; stored_credential.
//
// What a valid card always has, and why:
// - name, number and expiry: which card members are required is not shown, and these three are
//   the card (the response shows them back), so a valid card never leaves them out;
// - brand UNKNOWN or none: "the individual network names are omitted here", so UNKNOWN is the
//   one brand a server is bound to take;
// - expiry in 2030..2039: a server may refuse an expired card;
// - names of Basic Multilingual Plane characters that normalization leaves alone: at 300, the
//   length is 300 whether a server counts code points or UTF-16 units.
import fc from 'fast-check';
import { fullName, type PostalAddress } from '../faker.js';
import { anyFullName, anyPostalAddress } from './human-text.js';
import { digitChar, isStableChar, lengthBetween, noEdgeSpaces, textOfLength } from '../text.js';
import { cardCustomer, type CardCustomer } from './card-customer.js';
import { cardNumber, cardNumberOfLength } from './card-number.js';
import { storedCredential, type StoredCredential } from './stored-credential.js';

export const CARD_TYPES = ['CREDIT', 'DEBIT', 'PREPAID', 'STORE', 'UNKNOWN'] as const;
export const VERIFICATION_METHODS = ['SCA_ALWAYS', 'SCA_WHEN_REQUIRED', '3D_SECURE', 'AVS_CVV'] as const;
export const CARD_BILLING_ADDRESS_MEMBERS = [
  'address_line_1',
  'address_line_2',
  'admin_area_1',
  'admin_area_2',
  'postal_code',
  'country_code',
] as const;
export const CARD_NAME_MAX = 300;
export const CARD_BRAND_MAX = 255;
/** The one brand the spec names. */
export const KNOWN_BRAND = 'UNKNOWN';
/** The vault instruction value that appears in the spec. */
export const STORE_IN_VAULT = 'ON_SUCCESS';

export type CardType = (typeof CARD_TYPES)[number];
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export interface CardAttributes {
  customer?: CardCustomer;
  vault?: { store_in_vault?: string };
  verification?: { method?: VerificationMethod };
}

export interface CardRequest {
  name?: string;
  number: string;
  security_code?: string;
  expiry: string;
  type?: CardType;
  brand?: string;
  billing_address?: Partial<PostalAddress>;
  attributes?: CardAttributes;
  stored_credential?: StoredCredential;
}

const fromRange = (min: number, max: number) =>
  fc
    .integer({ min, max })
    .map((cp) => String.fromCodePoint(cp))
    .filter(isStableChar);

/** One character of a cardholder name, from the Basic Multilingual Plane only. */
export const cardNameChar: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'), weight: 6 },
  { arbitrary: fc.constantFrom(' ', "'", '-', '.'), weight: 1 },
  { arbitrary: fromRange(0x00c0, 0x024f), weight: 2 }, // Latin letters with diacritics
  { arbitrary: fromRange(0x0410, 0x044f), weight: 1 }, // Cyrillic
  { arbitrary: fromRange(0x4e00, 0x9fa5), weight: 1 }, // CJK unified ideographs (Unicode 1.1)
);

/** A cardholder name of exactly `n` characters, without a space at either end. */
export function cardNameOfLength(n: number): fc.Arbitrary<string> {
  return textOfLength(cardNameChar, n).map(noEdgeSpaces);
}

/** An expiry (YYYY-MM) in 2030..2039, in `month` when given. */
export function cardExpiry(month?: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.integer({ min: 2030, max: 2039 }),
      month === undefined ? fc.integer({ min: 1, max: 12 }) : fc.constant(month),
    )
    .map(([year, m]) => `${year}-${String(m).padStart(2, '0')}`);
}

export function securityCodeOfLength(n: number): fc.Arbitrary<string> {
  return textOfLength(digitChar, n);
}

/** A billing address with the stated members only (address_line_2 now and then left out). */
export const cardBillingAddress: fc.Arbitrary<PostalAddress> = anyPostalAddress;

/** Attributes with each of customer, vault and verification present or absent (not all absent). */
export const cardAttributes: fc.Arbitrary<CardAttributes> = fc
  .record(
    {
      customer: cardCustomer,
      vault: fc.constant({ store_in_vault: STORE_IN_VAULT }),
      verification: fc.record({ method: fc.constantFrom(...VERIFICATION_METHODS) }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  )
  .filter((attributes) => Object.keys(attributes).length > 0);

/** `card` without its security_code when its stored credential is initiated by the merchant. */
export function withoutCodeForMerchant<T extends { security_code?: string; stored_credential?: unknown }>(card: T): T {
  const initiator = (card.stored_credential as { payment_initiator?: unknown } | undefined)?.payment_initiator;
  if (initiator !== 'MERCHANT' || card.security_code === undefined) return card;
  const { security_code: _code, ...rest } = card;
  return rest as T;
}

/** Valid cards over the whole allowed space: every optional member present or absent. */
export const cardRequest: fc.Arbitrary<CardRequest> = fc
  .record(
    {
      name: fc.oneof(
        { arbitrary: anyFullName, weight: 4 },
        { arbitrary: lengthBetween(1, CARD_NAME_MAX).chain(cardNameOfLength), weight: 1 },
      ),
      number: cardNumber,
      expiry: cardExpiry(),
      security_code: lengthBetween(3, 4).chain(securityCodeOfLength),
      type: fc.constantFrom(...CARD_TYPES),
      brand: fc.constant(KNOWN_BRAND),
      billing_address: cardBillingAddress,
      attributes: cardAttributes,
      stored_credential: storedCredential,
    },
    { requiredKeys: ['name', 'number', 'expiry'] },
  )
  .map(withoutCodeForMerchant);

/** A card with nothing at a limit (name, 16 digits, expiry): the host of a change at one limit. */
export const plainCard: fc.Arbitrary<CardRequest> = fc
  .tuple(fullName, cardNumberOfLength(16), cardExpiry())
  .map(([name, number, expiry]) => ({ name, number, expiry }));
