import { describeRate } from '../harness/rate-bucket.js';
import type { ConformanceReport } from './model.js';

/** The run's --rate as the reports show it, with what repeated 429s made of it; '' without --rate. */
export function rateText(settings: ConformanceReport['settings']): string {
  if (settings.rate === undefined || settings.rate === null) return '';
  const lowered = settings.rateLowered;
  return lowered
    ? `at most ${describeRate(lowered.from)}, lowered to ${describeRate(lowered.to)} after the ` +
        `target answered 429 repeatedly (${lowered.after429s} times)`
    : `at most ${describeRate(settings.rate)}`;
}
