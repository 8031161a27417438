// Names, streets, cities and company names with letters beyond ASCII, as people, places and
// businesses have them: every text member a billing request carries gets them as often as
// ASCII ones. Each is in Unicode normalization form C (a server may store text normalized) and
// within the Basic Multilingual Plane (so that both readings of "characters" count alike).
import fc from 'fast-check';
import { fullName, personName, postalAddress, companyName, type PersonName, type PostalAddress } from '../faker.js';

const GIVEN_NAMES = [
  'Zoë',
  'José',
  'Łukasz',
  'Åsa',
  'Anaïs',
  'Ngọc',
  'Дмитрий',
  'Σοφία',
  '美咲',
  '민준',
  'Chloé',
  'Ayşe',
] as const;
const SURNAMES = [
  'Ångström',
  'Núñez',
  'Müller',
  'Øvergård',
  'Ó Briain',
  'Иванова',
  'Παπαδόπουλος',
  '佐藤',
  '김',
  'Đặng',
  'Çelik',
  'Wiśniewska',
] as const;
const STREETS = [
  'Königstraße 12',
  'Rue de l’Église 3',
  'Calle Ñandú 7',
  'Åvägen 21',
  'улица Пушкина, 10',
  '銀座通り 4-1',
] as const;
const SECOND_LINES = ['Hinterhaus, 3. Stock', 'Bâtiment B, 2ᵉ étage', 'Piso 4º', 'кв. 15'] as const;
const CITIES = ['München', 'São Paulo', 'Zürich', 'Malmö', 'Москва', '東京'] as const;
const COMPANIES = [
  'Café Müller',
  'Ørsted Energi',
  'Société Générale d’Édition',
  'Ελληνικά Ταχυδρομεία',
  '株式会社テスト',
  'Çiçek Pazarı',
] as const;

export const nonAsciiPersonName: fc.Arbitrary<PersonName> = fc.record({
  given_name: fc.constantFrom(...GIVEN_NAMES),
  surname: fc.constantFrom(...SURNAMES),
});

/** A given name and surname: as faker draws them, or with letters beyond ASCII. */
export const anyPersonName: fc.Arbitrary<PersonName> = fc.oneof(personName, nonAsciiPersonName);

/** A full name: as faker draws it, or with letters beyond ASCII. */
export const anyFullName: fc.Arbitrary<string> = fc.oneof(
  fullName,
  nonAsciiPersonName.map((n) => `${n.given_name} ${n.surname}`),
);

/**
 * A postal address (US, as the country_code pattern wants): as faker draws it, or with streets and
 * cities beyond ASCII.
 */
export const anyPostalAddress: fc.Arbitrary<PostalAddress> = fc.oneof(
  postalAddress,
  fc
    .tuple(
      postalAddress,
      fc.constantFrom(...STREETS),
      fc.constantFrom(...CITIES),
      fc.option(fc.constantFrom(...SECOND_LINES), { nil: undefined }),
    )
    .map(([address, line1, city, line2]) => {
      const { address_line_2: _second, ...rest } = address;
      return {
        ...rest,
        address_line_1: line1,
        admin_area_2: city,
        ...(line2 !== undefined ? { address_line_2: line2 } : {}),
      };
    }),
);

/** A company name: as faker draws it, or with letters beyond ASCII. */
export const anyCompanyName: fc.Arbitrary<string> = fc.oneof(companyName, fc.constantFrom(...COMPANIES));
