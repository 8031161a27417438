// pricing_scheme input: pricing_model, tiers, fixed_price (version, status and times are the service's).

import type { JsonObject } from '../http/json.js';
import type { Validator } from '../http/validator.js';
import { decimalText, money, UPPER_WORD } from './values.js';
import type { PricingInput } from './inputs.js';
import type { PricingScheme } from './model.js';

export function readTiers(v: Validator, field: string, value: unknown): JsonObject[] | undefined {
  const tiers = v.array(field, value, { min: 1 });
  if (!tiers) return undefined;
  const read: JsonObject[] = [];
  tiers.forEach((item, index) => {
    const at = `${field}/${index}`;
    const tier = v.object(at, item);
    if (!tier) return;
    v.require(`${at}/starting_quantity`, tier.starting_quantity);
    const starting = decimalText(v, `${at}/starting_quantity`, tier.starting_quantity);
    if (v.behaviour.accepted('tier ending_quantity required', false))
      v.require(`${at}/ending_quantity`, tier.ending_quantity);
    const ending = decimalText(v, `${at}/ending_quantity`, tier.ending_quantity);
    v.require(`${at}/amount`, tier.amount);
    const amount = money(v, `${at}/amount`, tier.amount);
    if (starting !== undefined && amount) {
      read.push({
        starting_quantity: starting,
        ...(ending !== undefined ? { ending_quantity: ending } : {}),
        amount: { ...amount },
      });
    }
  });
  return read;
}

export function readPricingScheme(v: Validator, field: string, value: unknown): PricingInput | undefined {
  const scheme = v.object(field, value);
  if (!scheme) return undefined;
  const pricingModel = v.string(`${field}/pricing_model`, scheme.pricing_model, {
    min: 1,
    max: 24,
    pattern: UPPER_WORD,
    patternText: 'capital letters and underscore',
  });
  const tiers = readTiers(v, `${field}/tiers`, scheme.tiers);
  const fixedPrice = money(v, `${field}/fixed_price`, scheme.fixed_price);
  return {
    ...(pricingModel !== undefined ? { pricing_model: pricingModel } : {}),
    ...(tiers ? { tiers } : {}),
    ...(fixedPrice ? { fixed_price: fixedPrice } : {}),
  };
}

export function newPricingScheme(input: PricingInput, version: number, time: string): PricingScheme {
  return { version, ...input, status: 'ACTIVE', create_time: time, update_time: time };
}
