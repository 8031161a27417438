import { makeBadge } from 'badge-maker';
import type { Api } from '../contracts/operations.js';
import type { SectionVerdict } from '../reports/model.js';
import { mustFraction } from '../reports/section-text.js';

// One badge per certified API (badge-billing.svg, badge-assignees.svg), drawn by shields.io's own
// badge-maker: the API's name, its verdict and how many of its MUST rules passed. A vendor shows
// it on a page; the attestation beside it says what it stands for.

export const badgeFile = (api: Api): string => `badge-${api}.svg`;

const COLOURS: Record<SectionVerdict['verdict'], string> = {
  CONFORMANT: 'brightgreen',
  PARTIAL: 'yellow',
  INCOMPLETE: 'orange',
  NON_CONFORMANT: 'red',
  NOT_CERTIFIED: 'lightgrey',
};

export function badgeSvg(api: Api, section: SectionVerdict): string {
  return makeBadge({
    label: `${api} API`,
    message: `${section.verdict} ${mustFraction(section)}`,
    color: COLOURS[section.verdict],
  });
}
