// The target profile (README.md, "Certifying your own server") after ${ENV} substitution and
// validation against its schema beside this file (target.schema.json).

/** The profile fields that hold a token, by their path in the profile. */
export const TOKEN_FIELDS = ['billing.token', 'assignees.tokens.push', 'assignees.tokens.read'] as const;
export type TokenField = (typeof TOKEN_FIELDS)[number];

export type ApprovalMode =
  | { mode: 'follow-link' }
  | { mode: 'none' }
  | { mode: 'command'; command: string };

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
  /**
   * The tokens given as `{"command": "..."}`, by field ("billing.token"): the sections above
   * hold what the command printed at start; a 401 to a token accepted before asks it again.
   */
  tokenCommands?: Partial<Record<TokenField, string>>;
}
