// Header values of the assignee operations (assignees.md, "Versioning").

/**
 * X-Service-Api-Version values that are no YYYY-MM-DD date ("carries a date-formatted version
 * (YYYY-MM-DD)"): a word, a date without its leading zeros, a date without its hyphens.
 */
export const API_VERSIONS_NOT_DATES: readonly string[] = ['latest', '2026-3-10', '20260310'];
