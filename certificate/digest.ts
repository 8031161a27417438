import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

// SHA-256 as in-toto writes it (a DigestSet's "sha256": lowercase hex). Files are read as a
// stream: a long run's exchanges.har is hundreds of megabytes, never held in memory at once.

export function sha256Hex(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
