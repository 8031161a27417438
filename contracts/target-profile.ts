// The target profile (README.md, "Certifying your own server") after ${ENV} substitution and
// validation against its schema beside this file (target.schema.json).

/** The profile fields that hold a token, by their path in the profile. */
export const TOKEN_FIELDS = ['billing.token', 'assignees.tokens.push', 'assignees.tokens.read'] as const;
export type TokenField = (typeof TOKEN_FIELDS)[number];

/** The token a profile holds at `field`; undefined when it holds none there (or the field is unknown). */
export function tokenAt(target: TargetProfile, field: TokenField): string | undefined {
  switch (field) {
    case 'billing.token':
      return target.billing?.token;
    case 'assignees.tokens.push':
      return target.assignees?.tokens.push;
    case 'assignees.tokens.read':
      return target.assignees?.tokens.read;
    default:
      // A field read from a file (a ledger line) is only typed, not checked: never guess a token.
      return undefined;
  }
}

/** Whether `value` (read from a file) names a token field. */
export function isTokenField(value: unknown): value is TokenField {
  return (TOKEN_FIELDS as readonly unknown[]).includes(value);
}

export type ApprovalMode = ({ mode: 'follow-link' } | { mode: 'none' } | { mode: 'command'; command: string }) & {
  /** billing.md's {approval_url} host (host, or host:port): where every approve link must point. */
  host?: string;
};

export interface BillingSection {
  token: string;
  productId: string;
  approval: ApprovalMode;
}

export interface RepoRef {
  owner: string;
  repo: string;
  issueNumber: number;
}

export interface AssigneesSection {
  owner: string;
  repo: string;
  issueNumber: number;
  pullNumber?: number;
  tokens: { push?: string; read?: string };
  assignable: string[];
  notAssignable?: string;
  privateRepo?: RepoRef;
}

export interface TargetProfile {
  baseUrl: string;
  billing?: BillingSection;
  assignees?: AssigneesSection;
  /** The private key that signs the run's certificate, relative to the profile's folder (--sign-key wins). */
  signing?: { keyFile: string };
  /**
   * The tokens given as `{"command": "..."}`, by field ("billing.token"): the sections above
   * hold what the command printed at start; a 401 to a token accepted before asks it again.
   */
  tokenCommands?: Partial<Record<TokenField, string>>;
}
