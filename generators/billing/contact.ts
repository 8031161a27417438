// Subscriber contact data: e-mail (billing.md "email": 3..254), shipping detail (name and
// address, country_code per "Shared value types"), subscriber name.
import fc from 'fast-check';
import { at, type Breaker, type Invalid } from '../invalid.js';
import { emailAddress, type PersonName, type PostalAddress } from '../faker.js';
import { anyFullName, anyPersonName, anyPostalAddress } from './human-text.js';
import { alphanumericChar, textOfLength } from '../text.js';
import { breakCountryCode } from './country.js';

export const EMAIL_MIN = 3;
export const EMAIL_MAX = 254;

export interface ShippingDetail {
  /** "full_name, or given_name and surname". */
  name: { full_name: string } | { given_name: string; surname: string };
  address: PostalAddress;
}

export interface Subscriber {
  name?: PersonName;
  email_address?: string;
  shipping_address?: ShippingDetail;
}

/**
 * An e-mail address of exactly `n` characters (n >= 3): "a@b" at 3, otherwise a local part and
 * dot-separated domain labels of at most 63 characters, as mail systems require.
 */
export function emailOfLength(n: number): fc.Arbitrary<string> {
  if (n < 3) throw new Error('an e-mail address has at least 3 characters');
  if (n < 7) return fc.constant('a'.repeat(n - 2) + '@b');
  return fc
    .tuple(textOfLength(alphanumericChar, Math.min(64, n - 6)), textOfLength(alphanumericChar, n))
    .map(([local, filler]) => {
      let domainLen = n - local.length - 1 - 4; // ".com"
      const labels: string[] = [];
      let i = 0;
      while (domainLen > 0) {
        const take = Math.min(63, domainLen === 64 ? 62 : domainLen);
        labels.push(filler.slice(i, i + take).toLowerCase());
        i += take;
        domainLen -= take + 1; // the dot after the label
      }
      const domain = labels.join('.');
      // a last label may overshoot by one dot: trim the local part to land exactly on n
      const address = `${local}@${domain}.com`;
      return address.length === n ? address : `${local.slice(0, local.length - (address.length - n))}@${domain}.com`;
    });
}

/** Human-looking e-mail addresses, and now and then one exactly 254 characters long. */
export const email: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: emailAddress, weight: 5 },
  { arbitrary: emailOfLength(EMAIL_MAX), weight: 1 },
);

/** A shipping address named in either form the spec gives: full_name, or given_name and surname. */
export const shippingDetail: fc.Arbitrary<ShippingDetail> = fc
  .tuple(
    fc.oneof(
      anyFullName.map((full_name) => ({ full_name })),
      anyPersonName,
    ),
    anyPostalAddress,
  )
  .map(([name, address]) => ({ name, address }));

/** A subscriber as the create request accepts it: name, email_address, shipping_address. */
export const subscriber: fc.Arbitrary<Subscriber> = fc.record(
  { name: anyPersonName, email_address: email, shipping_address: shippingDetail },
  { requiredKeys: [] },
);

/** Breaks of a shipping detail: its country_code. */
export const breakShippingDetail: Breaker<ShippingDetail> = at(['address', 'country_code'], breakCountryCode);

/** Breaks of an e-mail member: 2 or 255 characters. */
export const breakEmail: Breaker<unknown> = () =>
  fc.oneof(
    fc.constant<Invalid>({
      value: 'a@',
      rule: 'billing.email.length',
      description: 'e-mail of 2 characters (min 3)',
      path: '',
    }),
    emailOfLength(EMAIL_MAX + 1).map((value): Invalid => ({
      value,
      rule: 'billing.email.length',
      description: 'e-mail of 255 characters (max 254)',
      path: '',
    })),
  );
