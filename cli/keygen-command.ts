import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createPublicKey } from 'node:crypto';
import { keyIdOf, newKeyPair, PRIVATE_KEY_FILE, PUBLIC_KEY_FILE } from '../certificate/keys.js';
import { EXIT, UsageError } from './errors.js';
import { parseFlags } from './options.js';

export const KEYGEN_HELP = `Usage: api-conformance keygen [--out DIR]

Writes an Ed25519 key pair for signing certificates into the current folder, or DIR:
  ${PRIVATE_KEY_FILE}       the private key, readable by its owner only: keep it secret
                        (a CI secret), never commit it; \`run --sign-key\` signs with it
  ${PUBLIC_KEY_FILE}   the public key: publish it; \`verify --key\` checks with it
It never overwrites a key: a folder that holds either file already is refused.

  --out DIR   where the keys go (created if missing; default: the current folder)
  --help      this text

Exit codes: 0 written, 2 usage error or a key already there.`;

const FLAGS = { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

export function keygenCommand(args: string[], out: (text: string) => void): number {
  const flags = parseFlags(args, FLAGS, 'keygen');
  if (flags.help) {
    out(KEYGEN_HELP);
    return EXIT.conformant;
  }
  const dir = resolve(typeof flags.out === 'string' ? flags.out : '.');
  const privateFile = join(dir, PRIVATE_KEY_FILE);
  const publicFile = join(dir, PUBLIC_KEY_FILE);
  for (const file of [privateFile, publicFile]) {
    if (existsSync(file))
      throw new UsageError(
        `keygen: ${file} already exists: keygen never overwrites a key (remove it, or give --out DIR)`,
      );
  }
  const { privatePem, publicPem } = newKeyPair();
  try {
    mkdirSync(dir, { recursive: true });
    // Readable by its owner only from the moment it exists; chmod again in case a umask or an
    // inherited default mode widened it.
    writeFileSync(privateFile, privatePem, { mode: 0o600, flag: 'wx' });
    chmodSync(privateFile, 0o600);
    writeFileSync(publicFile, publicPem, { mode: 0o644, flag: 'wx' });
  } catch (error) {
    throw new UsageError(`keygen: cannot write the keys into ${dir}: ${(error as Error).message}`);
  }
  out(`private key: ${privateFile} (readable by you only; keep it secret, never commit it)`);
  out(`public key:  ${publicFile} (publish it: buyers verify your certificates with it)`);
  out(`key id: ${keyIdOf(createPublicKey(publicPem))}`);
  out(`sign a run: api-conformance run --target staging.json --sign-key ${privateFile}`);
  return EXIT.conformant;
}
