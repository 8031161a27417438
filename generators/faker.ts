// Human-looking data from faker, replayable by fast-check. Faker's global instance keeps state
// across calls, so a value drawn from it depends on everything drawn before: a fast-check replay
// would not reproduce it. Here every value is a pure function of an integer that fast-check
// generates: the one Faker instance of this module is reseeded with that integer right before each use.
import fc from 'fast-check';
import type { Faker, Randomizer } from '@faker-js/faker';
// The English build only: the package root loads every locale (about 30 MB more per worker).
import { faker as englishFaker } from '@faker-js/faker/locale/en';

/**
 * Mulberry32 (public domain): a seed is one integer. Faker's default Mersenne Twister fills 624
 * words on every seed, and a seed comes before every value here: that was about 5% of a run's
 * CPU. The values only need to look human, not to be cryptographic or long-period.
 */
export function mulberry32(): Randomizer {
  let state = 0;
  return {
    seed(seed: number | number[]): void {
      state = Array.isArray(seed) ? seed.reduce((acc, n) => Math.imul(acc ^ n, 0x9e3779b1), 0) | 0 : seed | 0;
    },
    next(): number {
      state = (state + 0x6d2b79f5) | 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

// The English locale of the English build, on the cheap randomizer (the locale entry point
// exports only its instance, so its class and definitions come from it).
const FakerClass = englishFaker.constructor as typeof Faker;
const faker: Faker = new FakerClass({ locale: englishFaker.rawDefinitions, randomizer: mulberry32() });

/** The seed fast-check draws for each faker-derived value; no bias, so seeds spread evenly. */
export const fakerSeed: fc.Arbitrary<number> = fc.noBias(fc.integer({ min: 0, max: 0x7fffffff }));

/** The value `draw` produces from a Faker seeded with `seed`; a pure function of its inputs. */
export function withFaker<T>(seed: number, draw: (f: Faker) => T): T {
  faker.seed(seed);
  return draw(faker);
}

/** An arbitrary of faker-derived values: same fast-check seed and path, same value. */
export function fakerArbitrary<T>(draw: (f: Faker) => T): fc.Arbitrary<T> {
  return fakerSeed.map((seed) => withFaker(seed, draw));
}

export interface PersonName {
  given_name: string;
  surname: string;
}

export interface PostalAddress {
  address_line_1: string;
  address_line_2?: string;
  /** City. */
  admin_area_2: string;
  /** State or province. */
  admin_area_1: string;
  postal_code: string;
  country_code: string;
}

/** Full names such as "Nikita Crist". */
export const fullName: fc.Arbitrary<string> = fakerArbitrary((f) => f.person.fullName());

/** Given name and surname as the subscriber and payer_name objects hold them. */
export const personName: fc.Arbitrary<PersonName> = fakerArbitrary((f) => ({
  given_name: f.person.firstName(),
  surname: f.person.lastName(),
}));

/** E-mail addresses on reserved example domains, so that nothing is ever sent to a real inbox. */
export const emailAddress: fc.Arbitrary<string> = fakerArbitrary((f) =>
  f.internet.email({ provider: f.helpers.arrayElement(['example.com', 'example.net', 'example.org']) }),
);

/** Company names, e.g. for application_context.brand_name. */
export const companyName: fc.Arbitrary<string> = fakerArbitrary((f) => f.company.name());

/** Product-like names ("Small Metal Chips"), for plan names. */
export const productName: fc.Arbitrary<string> = fakerArbitrary((f) => f.commerce.productName());

/** Short English sentences, for descriptions, reasons and notes. */
export const sentence: fc.Arbitrary<string> = fakerArbitrary((f) => f.lorem.sentence());

/** Account logins in the usual shape (letters, digits, single hyphens, at most 39 characters). */
export const login: fc.Arbitrary<string> = fakerArbitrary(
  (f) =>
    f.internet
      .username()
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 39) || 'user',
);

/**
 * Postal addresses whose country_code matches the spec's pattern (two capital letters): US
 * addresses, with an optional second line.
 */
export const postalAddress: fc.Arbitrary<PostalAddress> = fakerArbitrary((f) => {
  const address: PostalAddress = {
    address_line_1: f.location.streetAddress(),
    admin_area_2: f.location.city(),
    admin_area_1: f.location.state({ abbreviated: true }),
    postal_code: f.location.zipCode('#####'),
    country_code: 'US',
  };
  if (f.datatype.boolean()) address.address_line_2 = f.location.secondaryAddress();
  return address;
});
