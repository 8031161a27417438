import { loadProfile, ProfileError } from '../harness/profile.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { UsageError } from './errors.js';

// The target a command is pointed at: a profile file (--target), its base URL maybe replaced
// (--base-url). Every problem is a usage error (exit 2) naming the field or flag.

/** The profile in `file`, with `baseUrl` in place of its own when given. */
export function loadTargetProfile(file: string, baseUrl?: string): TargetProfile {
  let target: TargetProfile;
  try {
    target = loadProfile(file);
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(error.message);
    throw error;
  }
  return baseUrl ? { ...target, baseUrl } : target;
}

/** The target --target and --base-url name; none: the embedded reference. */
export function givenTarget(targetFile: string | undefined, baseUrl: string | undefined): TargetProfile | undefined {
  if (targetFile) return loadTargetProfile(targetFile, baseUrl);
  return baseUrl ? { baseUrl } : undefined;
}
