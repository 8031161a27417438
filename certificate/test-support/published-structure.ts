import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

// The two published structures a certificate follows, written from their specifications as JSON
// Schemas, independently of the code that writes them:
// - the DSSE JSON envelope (secure-systems-lab/dsse, envelope.md: payload, payloadType and
//   signatures[].sig required, signatures[].keyid optional; Base64 of RFC 4648, standard or
//   URL-safe);
// - the in-toto Statement v1 (in-toto/attestation, spec/v1/statement.md: _type always
//   https://in-toto.io/Statement/v1; subject an array of ResourceDescriptors, each with a
//   digest; predicateType a TypeURI; predicate an object) with the ResourceDescriptor and
//   DigestSet of spec/v1/resource_descriptor.md and digest_set.md (an algorithm name mapped to
//   a lowercase hex value).

const BASE64 = '^[A-Za-z0-9+/_-]*={0,2}$';

export const DSSE_ENVELOPE_SCHEMA = {
  type: 'object',
  required: ['payload', 'payloadType', 'signatures'],
  properties: {
    payload: { type: 'string', pattern: BASE64 },
    payloadType: { type: 'string', minLength: 1 },
    signatures: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['sig'],
        properties: { keyid: { type: 'string' }, sig: { type: 'string', minLength: 1, pattern: BASE64 } },
      },
    },
  },
} as const;

const DIGEST_SET = {
  type: 'object',
  minProperties: 1,
  propertyNames: { pattern: '^[a-z0-9-_]+$' },
  additionalProperties: { type: 'string', pattern: '^[0-9a-f]+$' },
} as const;

export const IN_TOTO_STATEMENT_V1_SCHEMA = {
  type: 'object',
  required: ['_type', 'subject', 'predicateType'],
  properties: {
    _type: { const: 'https://in-toto.io/Statement/v1' },
    subject: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['digest'],
        properties: { name: { type: 'string' }, uri: { type: 'string' }, digest: DIGEST_SET },
      },
    },
    predicateType: { type: 'string', format: 'uri' },
    predicate: { type: 'object' },
  },
} as const;

const ajv = new Ajv2020({ strict: true, allErrors: true });
// TypeURI is an RFC 3986 URI; this check is enough for the absolute https URIs used here.
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:[^\s]+$/i);
const envelope: ValidateFunction = ajv.compile(DSSE_ENVELOPE_SCHEMA);
const statement: ValidateFunction = ajv.compile(IN_TOTO_STATEMENT_V1_SCHEMA);

/** ajv's errors, one line each; empty when `value` follows the structure. */
const problems = (fn: ValidateFunction, value: unknown): string[] =>
  fn(value) ? [] : (fn.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`);

export const dsseEnvelopeProblems = (value: unknown): string[] => problems(envelope, value);
export const inTotoStatementProblems = (value: unknown): string[] => problems(statement, value);
