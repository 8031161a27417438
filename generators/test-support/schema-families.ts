// One schema-driven family per contract: valid values, and for every x-rules-annotated
// constraint the values that break it alone (generators/schema-arbitrary.ts). Every schema id
// needs an entry here; schema-families.test.ts fails for one that has none, so a new contract
// is covered as soon as it is added (`[S.newOne]: {}` takes the schema-driven defaults).
//
// Where families.ts already has a hand-written family for a contract, its valid values are the
// ones broken here (they keep the spec's rules beyond the schema: one currency per plan, trials
// before the regular cycle, ...) and are tested there; the others are generated from the schema,
// with the hand-written generators mixed in where they say more than the schema does.
import fc from 'fast-check';
import { SCHEMA_IDS as S } from '../../contracts/schema-ids.js';
import { amountWithBreakdown } from '../billing/amounts.js';
import { cardBrand, withPreviousTransactionReference } from '../billing/card-schema-hints.js';
import * as g from '../index.js';
import {
  schemaBreaks,
  schemaInvalid,
  schemaValue,
  type ConstraintBreak,
  type GenerateOptions,
  type Override,
} from '../schema-arbitrary.js';
import { HUMAN_TEXT } from '../schema/human.js';
import { FAMILIES } from './families.js';

export interface SchemaFamily {
  name: string;
  schema: string;
  /** The valid values the breaks start from. */
  valid: fc.Arbitrary<unknown>;
  /** Whether the valid values are tested with this family (false: a family of families.ts tests them). */
  testsValid: boolean;
  /** One entry per annotated constraint (less those no value can break alone). */
  breaks: ConstraintBreak[];
  invalid: fc.Arbitrary<g.Invalid>;
}

/** The hand-written values half of the time, the schema's own the other half. */
const sometimes =
  (arb: fc.Arbitrary<unknown>): Override =>
  (draw, generic) =>
    draw(fc.boolean()) ? draw(arb) : generic();

const anyCurrencyTiers = fc.constantFrom(...g.CURRENCY_CODES).chain((c) => g.tiers(c));

/** Where the spec says more than the schema, or where a realistic value reads better. */
export const OPTIONS: GenerateOptions = {
  overrides: {
    // net_amount is gross_amount minus the fee (billing.amount_with_breakdown.net_amount.gross-minus-fee)
    [`${S.amountWithBreakdown}#`]: (draw) => draw(amountWithBreakdown),
    // ending_quantity is omitted on the last tier (billing.pricing_tier.ending_quantity.last-omitted)
    [`${S.pricingScheme}#/properties/tiers`]: (draw) => draw(anyCurrencyTiers),
    [`${S.storedCredential}#`]: withPreviousTransactionReference,
    [`${S.money}#`]: sometimes(g.money()),
    [`${S.dateTime}#`]: sometimes(fc.oneof(g.dateTime(), g.dateTimeBoundary())),
    [`${S.shippingDetail}#`]: sometimes(g.shippingDetail),
    [`${S.plan}#`]: sometimes(g.planResource),
    [`${S.subscription}#`]: sometimes(g.subscriptionResource),
    [`${S.transaction}#`]: sometimes(g.transactionResource),
    [`${S.cycleExecution}#`]: sometimes(g.cycleExecution),
    [`${S.user}#`]: sometimes(g.user),
    [`${S.label}#`]: sometimes(g.label),
    [`${S.milestone}#`]: sometimes(g.milestone),
    [`${S.issue}#`]: sometimes(g.issue),
  },
  text: { ...HUMAN_TEXT, brand: cardBrand },
};

interface Entry {
  name: string;
  /** Valid values other than the schema's own (default: a hand-written family's, else the schema's). */
  valid?: fc.Arbitrary<unknown>;
}

/** Every contract, by schema id. */
const ENTRIES: Record<string, Entry> = {
  // billing: shared value types
  [S.money]: { name: 'Money' },
  [S.link]: { name: 'Link' },
  [S.links]: { name: 'Link array' },
  [S.dateTime]: { name: 'date_time' },
  [S.dateNoTime]: { name: 'date_no_time' },
  [S.dateYearMonth]: { name: 'date_year_month' },
  [S.countryCode]: { name: 'country_code' },
  [S.currencyDecimalPrecision]: { name: 'currency_decimal_precision' },
  [S.description]: { name: 'description' },
  [S.email]: { name: 'email' },
  [S.denominationType]: { name: 'denomination type' },
  [S.urlDetails]: { name: 'URL details' },
  // plans
  [S.plan]: { name: 'Plan' },
  [S.billingCycle]: { name: 'billing_cycle' },
  [S.pricingScheme]: { name: 'pricing_scheme' },
  [S.pricingTier]: { name: 'pricing tier' },
  [S.billingCycleOverride]: { name: 'billing_cycle_override' },
  [S.planOverride]: { name: 'plan_override' },
  // subscriptions
  [S.subscription]: { name: 'Subscription' },
  [S.subscriber]: { name: 'subscriber' },
  [S.shippingDetail]: { name: 'shipping_detail' },
  [S.address]: { name: 'address' },
  [S.billingInfo]: { name: 'billing_info' },
  [S.cycleExecution]: { name: 'cycle_execution' },
  [S.applicationContext]: { name: 'application_context' },
  [S.transaction]: { name: 'Transaction' },
  [S.amountWithBreakdown]: { name: 'amount_with_breakdown' },
  // card shapes and capability
  [S.card]: { name: 'card' },
  [S.cardCustomer]: { name: 'card_customer' },
  [S.cardResponse]: { name: 'card_response' },
  [S.storedCredential]: { name: 'stored_credential' },
  [S.cardVaultResponse]: { name: 'card vault response' },
  [S.authenticationResponse]: { name: 'authentication_response' },
  [S.binDetails]: { name: 'bin_details' },
  [S.balanceResponse]: { name: 'balance_response' },
  [S.captureStatus]: { name: 'capture_status' },
  [S.captureStatusDetails]: { name: 'capture_status_details' },
  [S.capability]: { name: 'Capability' },
  [S.network]: { name: 'Network' },
  // JSON Patch
  [S.patchDocument]: { name: 'JSON Patch document' },
  // plan operations
  [S.createPlanRequest]: { name: 'create plan' },
  [S.createPlanResponse]: { name: 'create plan response' },
  [S.createPlanResponseMinimal]: { name: 'create plan response (return=minimal)' },
  [S.createPlanResponseRepresentation]: { name: 'create plan response (return=representation)' },
  [S.listPlansQuery]: { name: 'list plans query' },
  [S.listPlansResponse]: { name: 'list plans response' },
  [S.listPlansResponseRepresentation]: { name: 'list plans response (return=representation)' },
  [S.showPlanResponse]: { name: 'show plan response' },
  [S.updatePlanRequest]: { name: 'update plan' },
  [S.updatePricingRequest]: { name: 'update pricing' },
  // subscription operations
  [S.createSubscriptionHeaders]: { name: 'create subscription headers' },
  [S.createSubscriptionRequest]: { name: 'create subscription' },
  [S.createSubscriptionResponse]: { name: 'create subscription response' },
  [S.createSubscriptionResponseMinimal]: { name: 'create subscription response (return=minimal)' },
  [S.createSubscriptionResponseRepresentation]: { name: 'create subscription response (return=representation)' },
  [S.listSubscriptionsQuery]: { name: 'list subscriptions query' },
  [S.listSubscriptionsResponse]: { name: 'list subscriptions response' },
  [S.showSubscriptionQuery]: { name: 'show subscription query' },
  [S.showSubscriptionResponse]: { name: 'show subscription response' },
  [S.updateSubscriptionRequest]: { name: 'update subscription' },
  [S.reviseRequest]: { name: 'revise' },
  [S.reviseResponse]: { name: 'revise response' },
  [S.suspendRequest]: { name: 'suspend' },
  [S.cancelRequest]: { name: 'cancel' },
  [S.activateSubscriptionRequest]: { name: 'activate' },
  [S.captureRequest]: { name: 'capture' },
  [S.captureResponse]: { name: 'capture response' },
  [S.listTransactionsQuery]: { name: 'transactions query' },
  [S.listTransactionsResponse]: { name: 'list transactions response' },
  // assignees
  [S.user]: { name: 'User' },
  [S.issue]: { name: 'Issue' },
  [S.label]: { name: 'Label' },
  [S.milestone]: { name: 'Milestone' },
  [S.listAssigneesQuery]: { name: 'list assignees query' },
  [S.listAssigneesResponse]: { name: 'list assignees response' },
  [S.addAssigneesRequest]: { name: 'add assignees' },
  [S.addAssigneesResponse]: { name: 'add assignees response' },
  [S.removeAssigneesRequest]: { name: 'remove assignees' },
  [S.removeAssigneesResponse]: { name: 'remove assignees response' },
};

function family(schema: string, entry: Entry): SchemaFamily {
  const handWritten = FAMILIES.find((f) => f.schema === schema && f.valid)?.valid;
  const valid = entry.valid ?? handWritten ?? schemaValue(schema, OPTIONS);
  const breaks = schemaBreaks(schema, valid, OPTIONS);
  return { name: entry.name, schema, valid, testsValid: !handWritten, breaks, invalid: schemaInvalid(breaks) };
}

export const SCHEMA_FAMILIES: SchemaFamily[] = Object.entries(ENTRIES).map(([schema, entry]) => family(schema, entry));
