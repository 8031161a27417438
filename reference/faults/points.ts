// The named points of the reference where a fault plugs in. A handler reads like the spec and
// hands each value that a fault may alter to its point, under the name of a site; the faults
// that are on (each a plug-in: faults/<family>.ts) change it there. A site carries the value the
// clean reference uses and, as facts, what a plug-in may need to decide; a plug-in returns the
// value to use instead (or throws the refusal it answers with). Four points, in request order:
//
// - request routed: before the handler runs (route, credential, body presence); a plug-in may
//   refuse a request the reference serves, or serve one it refuses.
// - request accepted: while a request is read and checked; a plug-in moves a stated bound,
//   skips one check, or reads a value another way (which rule's check it relaxes is its rule).
// - state changed: when a resource is stored, moves to another state or is patched; a plug-in
//   alters the transition or the value stored.
// - response rendered: when an answer is written; a plug-in alters its status, body or members.

import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from '../http/answer.js';
import type { Json, JsonObject } from '../http/json.js';
import type { StringRule } from '../http/value-rules.js';
import type {
  BillingCycle,
  BillingState,
  Plan,
  PlanStatus,
  PlanTerms,
  Subscription,
  SubscriptionStatus,
  TenureType,
} from '../billing/model.js';
import type { PatchOperation, PatchOptions } from '../billing/json-patch.js';
import type { Link } from '../billing/links.js';
import type { CreateSubscriptionInput, ListName, Paging, PagingRule, PricingInput } from '../billing/inputs.js';
import type { AssigneesState, IssueRecord, RepoRecord, UserRecord } from '../assignees/model.js';
import type { VariantName } from '../variants.js';

// This file imports only shapes: the handlers import the Behaviour these points type, so a fact
// names the part of a handler's object a plug-in uses (RequestFacts, FieldRefusals), never the
// object itself.

/** One site: the value a plug-in may change, and what it is told beside it. */
interface Site<Value, Facts = undefined> {
  value: Value;
  facts: Facts;
}

/** A reading of one value: a plug-in may replace it as a whole (and so skip the checks in it). */
export type Reading<T> = () => T;

/** What a plug-in is told of the request a handler serves: the parts of its RequestContext it reads. */
export interface RequestFacts {
  params: Record<string, string>;
  baseUrl: string;
  state: { billing: BillingState; assignees: AssigneesState };
  /** To write a resource as the reference would, with the faults and variants that are on. */
  behaviour: Rendering;
}

/** What a plug-in may do with the validator of the request: add a refusal. */
export interface FieldRefusals {
  fail(field: string, issue: string, description: string): void;
}

type Filter<T> = ((item: T) => boolean) | undefined;
type Bound = Site<number>;

/** request routed: before the operation's handler runs (app.ts), and the assignee caller. */
export interface RequestRouted {
  /** Before the route is matched: a plug-in may refuse the request (throw). */
  'route matched': Site<undefined, { method: string; path: string }>;
  'billing credential required': Site<boolean>;
  /** Whether a well-formed bearer credential is the billing token. */
  'billing credential valid': Site<boolean>;
  /** Whether a request refused for its credential is carried out before the refusal is answered. */
  'refused request carried out': Site<boolean, { headers: IncomingHttpHeaders }>;
  /** After the credential: a plug-in may refuse the request (throw). */
  'credential checked': Site<undefined, { method: string; billing: boolean; headers: IncomingHttpHeaders }>;
  /** Whether a route that needs a body refuses a request without one. */
  'body required': Site<boolean, { path: string }>;
  /** An answer a plug-in gives instead of the operation's handler. */
  'answered instead': Site<Reply | undefined, { operation: string; ctx: RequestFacts }>;
  /** The assignee service read X-Service-Api-Version and Accept: a plug-in may refuse (throw). */
  'assignees headers read': Site<undefined, { version: string | undefined; accept: string | undefined }>;
  /** The Authorization forms the assignee service takes; the credential is the first group. */
  'assignees credential forms': Site<RegExp>;
  /** Who lists assignees (undefined: anonymous). */
  'assignees lister': Site<UserRecord | undefined>;
}

/** request accepted: while a request is read and checked. */
export interface RequestAccepted {
  /** Whether the validator refuses (field, issue); the request-contract rule enforced is read from both. */
  'refusal enforced': Site<boolean, { field: string; issue: string }>;
  /** Whether the check of one catalog rule, done by hand in a handler, is made. */
  'rule checked': Site<boolean, { rule: string }>;
  /**
   * Whether a repeated Platform-Request-Id replays the first answer (create-plan,
   * create-subscription, capture:<id>).
   */
  'idempotency key honoured': Site<boolean, { scope: string }>;
  // plans and billing cycles
  'plan name max': Bound;
  'trial total_cycles min': Bound;
  'trial total_cycles max': Bound;
  'regular total_cycles min': Bound;
  'billing cycle sequence max': Bound;
  'billing cycle checked': Site<
    undefined,
    { v: FieldRefusals; at: string; tenure: string | undefined; cycle: JsonObject }
  >;
  'plan TRIAL cycles max': Bound;
  'plan REGULAR cycles max': Bound;
  'update pricing body': Site<Json | undefined>;
  'update pricing items max': Bound;
  'update pricing billing_cycle_sequence': Site<Json | undefined>;
  'product_id filter': Site<Reading<Filter<Plan>>, { raw: string | null }>;
  'totals shown': Site<boolean, { absent: boolean }>;
  // shared value types
  'currency_code rule': Site<StringRule>;
  'date_time rule': Site<StringRule>;
  'country_code rule': Site<StringRule>;
  'quantity rule': Site<StringRule>;
  'money value rule': Site<StringRule>;
  /** Digits with an optional fraction: a tax percentage, a tier quantity (field: where it is read). */
  'decimal text rule': Site<StringRule, { field: string }>;
  'locale rule': Site<StringRule>;
  'shipping_preference values': Site<readonly string[]>;
  /** Whether every tier, the last too, must carry ending_quantity (the spec omits it on the last). */
  'tier ending_quantity required': Site<boolean>;
  'custom_id rule': Site<StringRule>;
  // subscriptions
  'Platform-Client-Metadata-Id max': Bound;
  'subscription input': Site<undefined, { input: CreateSubscriptionInput }>;
  'subscriber sent': Site<unknown>;
  subscriber: Site<JsonObject | undefined>;
  'subscriber email_address max': Bound;
  'subscriber checked': Site<undefined, { v: FieldRefusals; field: string; subscriber: JsonObject }>;
  'override cycle taken': Site<boolean, { cycle: JsonObject }>;
  'override total_cycles tenure': Site<TenureType>;
  'revise plan_id': Site<Json | undefined>;
  'revise quantity max': Bound;
  'reason required': Site<boolean, { body: Json | undefined }>;
  'suspend reason max': Bound;
  'capture request': Site<Json | undefined>;
  'capture body': Site<JsonObject | undefined, { subscription: Subscription }>;
  'capture note min': Bound;
  'capture_type checked': Site<boolean, { value: Json | undefined }>;
  'plan_ids filter': Site<Reading<Filter<string>>, { raw: string | null; text: Reading<string | undefined> }>;
  'plan_ids max': Bound;
  /** How many ids plan_ids may name. */
  'plan_ids ids max': Bound;
  /** Whether each id plan_ids names must be a well-formed plan id (the reference's choice: the spec is silent). */
  'plan_ids ids well-formed': Site<boolean>;
  'statuses filter': Site<
    Reading<string[] | undefined>,
    { raw: string | null; text: (max: number) => string | undefined }
  >;
  'time bound': Site<string | undefined, { name: string }>;
  'filter min': Bound;
  'filter max': Bound;
  /** A filter within its length: the reference reads nothing of it; a plug-in may refuse one it cannot parse. */
  'filter read': Site<undefined, { v: FieldRefusals; filter: string }>;
  'customer_ids max': Bound;
  'list subscriptions URL': Site<undefined, { url: string }>;
  'fields max': Bound;
  'fields known': Site<string[]>;
  // paging of the two billing lists
  'paging rule': Site<PagingRule, { list: ListName }>;
  'page_size reading': Site<Reading<number>, { list: ListName; query: URLSearchParams }>;
  'page reading': Site<Reading<number>, { list: ListName; query: URLSearchParams }>;
  paging: Site<Paging, { list: ListName; query: URLSearchParams }>;
  // JSON Patch
  /** One operation of a patch as read (undefined: not an object, or skipped). */
  'patch operation': Site<JsonObject | undefined>;
  'patch semantics': Site<PatchOptions>;
  'patch targets missing skipped': Site<{ remove: boolean; move: boolean; copy: boolean }>;
  'plan patch policy': Site<
    Record<string, readonly string[]>,
    { plan: Plan; patchable: Record<string, readonly string[]> }
  >;
  'plan patch operation checked': Site<boolean, { operation: PatchOperation }>;
  'patched plan description': Site<Reading<string | undefined>, { value: Json | undefined }>;
  'subscription patch read': Site<PatchOperation[], { subscription: Subscription; after: (step: () => void) => void }>;
  'subscription patch operations': Site<readonly string[] | undefined, { path: string }>;
  'patch cycle selected': Site<number, { count: number }>;
  'patched custom_id': Site<Reading<string | undefined>, { value: Json | undefined }>;
  'patched custom_id max': Bound;
  'patched start_time max': Bound;
  // cards
  'card number max': Bound;
  'card security_code max': Bound;
  'card billing_address members': Site<readonly string[]>;
  'card_customer id max': Bound;
  'card verification method rule': Site<StringRule>;
  // assignees
  'assignees paging reading': Site<Reading<number>, { name: string; raw: string }>;
  'per_page over 100 refused': Site<boolean>;
  'logins to add max': Site<number | undefined>;
  'logins to add': Site<string[]>;
  /** The issue number of an issues path, as read from its text (undefined: it names no issue). */
  'issue_number reading': Site<Reading<number | undefined>, { operation: 'add' | 'remove' | 'check'; raw: string }>;
  'issue whose assignees change': Site<Reading<IssueRecord>, { repo: RepoRecord; number: string }>;
  'assignees may change': Site<boolean, { user: UserRecord | undefined; operation: 'add' | 'remove' }>;
  /** A caller with a token but no push access named assignees: a plug-in may refuse (throw). */
  'assignees change refused': Site<undefined, { user: UserRecord; repo: RepoRecord; operation: 'add' | 'remove' }>;
  'owner matches': Site<(candidate: string) => boolean, { owner: string }>;
  'repository visible': Site<boolean, { repo: RepoRecord; user: UserRecord | undefined }>;
}

/** state changed: when a resource is stored, changes state or is patched. */
export interface StateChanged {
  'new plan id': Site<string>;
  'new plan status': Site<PlanStatus, { requested: PlanStatus | undefined }>;
  'new plan quantity_supported': Site<boolean>;
  'new plan payment_preferences': Site<JsonObject>;
  'new billing cycle total_cycles': Site<number, { tenure: string }>;
  'plan activated': Site<boolean>;
  'plan deactivated': Site<boolean>;
  'pricing updates applied': Site<Array<{ sequence: number; pricing: PricingInput }>>;
  'plan cycle repriced': Site<
    undefined,
    { plan: Plan; cycle: BillingCycle; subscriptions: ReadonlyMap<string, Subscription> }
  >;
  /** Whether one operation (not a test) of a patch is applied; path as the policy lists it. */
  'patch operation applied': Site<boolean, { resource: 'plan' | 'subscription'; path: string }>;
  /** Before the plan patch policy is checked. */
  'plan patch checked': Site<undefined, { plan: Plan; operations: readonly PatchOperation[] }>;
  'patched plan status': Site<PlanStatus>;
  'plan patched': Site<undefined, { plan: Plan; patched: JsonObject }>;
  'plan takes subscriptions': Site<boolean, { plan: Plan }>;
  'new subscription id': Site<string>;
  'new subscription status': Site<SubscriptionStatus>;
  'new subscription start_time': Site<string, { now: () => Date }>;
  'new subscription auto_renewal': Site<boolean>;
  'new subscriber': Site<JsonObject>;
  'subscription patch refused': Site<undefined, { subscription: Subscription; patched: Json }>;
  'patched subscription status': Site<SubscriptionStatus>;
  'subscription revisable': Site<boolean, { status: SubscriptionStatus }>;
  'override carried into a revision': Site<PlanTerms | undefined, { subscription: Subscription }>;
  'revision awaits consent': Site<boolean>;
  'revision applied on consent': Site<boolean>;
  'approval activates': Site<boolean, { userAction: 'SUBSCRIBE_NOW' | 'CONTINUE' }>;
  'capture fee': Site<string>;
  'cycles in run order': Site<BillingCycle[]>;
  'assignable users beyond the profile': Bound;
  'assignees kept on add': Site<string[]>;
  'logins added': Site<string[]>;
  'login assigned': Site<string | undefined, { login: string; users: ReadonlyMap<string, UserRecord> }>;
  'logins removed': Site<string[]>;
}

/** response rendered: when an answer is written. */
export interface ResponseRendered {
  /** A success (2xx) answer of a named operation, as its handler made it. */
  'success answer': Site<Reply, { operation: string; ctx: RequestFacts }>;
  /** A refusal, as it goes on the wire. */
  'refusal answer': Site<Reply, { url: string }>;
  links: Site<Link[]>;
  link: Site<JsonObject>;
  /** A Money value (as text, before a plug-in); the stored text is in the facts. */
  'money value': Site<Json, { value: string }>;
  'plan time': Site<string>;
  'plan product_id': Site<string>;
  'plan billing cycle': Site<JsonObject>;
  'create plan representation': Site<boolean>;
  'minimal created plan': Site<JsonObject>;
  'minimal listed plan': Site<JsonObject>;
  'listed plan': Site<JsonObject>;
  'page start': Site<number, { list: ListName; page: number; pageSize: number }>;
  'subscription links': Site<Link[]>;
  'create subscription representation': Site<boolean>;
  'minimal subscription': Site<JsonObject>;
  'cycles_remaining of an infinite cycle': Bound;
  'subscription with plan': Site<boolean>;
  'user id': Site<Json>;
  'pull_request member': Site<Json, { url: string }>;
  issue: Site<JsonObject, { issue: IssueRecord }>;
  'issue answered': Site<IssueRecord, { repo: RepoRecord }>;
  'assignable users listed': Site<string[]>;
  'assignees per page': Site<number, { logins: readonly string[] }>;
  'assignees page start': Site<number, { page: number; perPage: number }>;
  'assignee assignable': Site<boolean, { onIssue: boolean }>;
}

export type Sites = RequestRouted & RequestAccepted & StateChanged & ResponseRendered;
export type SiteName = keyof Sites;

/** A plug-in at one site: the value in, the value to use out. */
export type Plug<S extends SiteName> = (value: Sites[S]['value'], facts: Sites[S]['facts']) => Sites[S]['value'];

/** A fault's plug-ins, by site. */
export type Plugs = { [S in SiteName]?: Plug<S> };

/** The facts argument of a site: none when the site has no facts. */
export type FactsArg<F> = [F] extends [undefined] ? [] : [facts: F];

/** What a view needs of a Behaviour (behaviour.ts): the point where answers are written, and the variants. */
export interface Rendering {
  rendered<S extends keyof ResponseRendered>(
    site: S,
    value: Sites[S]['value'],
    ...facts: FactsArg<Sites[S]['facts']>
  ): Sites[S]['value'];
  variant(name: VariantName): boolean;
}
