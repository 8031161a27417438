import type { KeyObject } from 'node:crypto';
import { dirname, isAbsolute, resolve } from 'node:path';
import { KeyFileError, readSigningKey } from '../certificate/keys.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { UsageError } from './errors.js';

// The key that signs a run's certificate: `--sign-key FILE`, else the profile's signing.keyFile
// (relative to the profile's folder). It is read before the run starts, so that a bad key file
// is a usage error naming it, not a run whose certificate cannot be signed. Only the KeyObject
// travels on; the file's content is never printed or written.

export function signingKeyFor(
  flagFile: string | undefined,
  target?: TargetProfile,
  targetFile?: string,
): KeyObject | undefined {
  const profileFile = target?.signing?.keyFile;
  const [file, named] =
    flagFile !== undefined
      ? [flagFile, '--sign-key']
      : profileFile !== undefined && targetFile !== undefined
        ? [
            isAbsolute(profileFile) ? profileFile : resolve(dirname(resolve(targetFile)), profileFile),
            `target profile ${targetFile}: signing.keyFile`,
          ]
        : [undefined, ''];
  if (file === undefined) return undefined;
  try {
    return readSigningKey(file);
  } catch (error) {
    if (error instanceof KeyFileError) throw new UsageError(`${named}: ${error.message}`);
    throw error;
  }
}
