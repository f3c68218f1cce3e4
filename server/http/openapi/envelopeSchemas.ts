import { ErrorCode, errorInfo, type ErrorCodeName } from '@shared/errors';

/**
 * The answer shapes every route shares, as OpenAPI components: the `{code, data, message}` envelope of a
 * success, the same envelope of a failure, the field issues of a validation failure and the error catalogue.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const ENVELOPE_COMPONENTS = {
  Envelope: {
    type: 'object',
    description: 'Every answer, success or failure, is this envelope; code 0 is success.',
    required: ['code', 'data', 'message'],
    properties: {
      code: { type: 'integer', const: 0 },
      data: { description: "The result; its shape is the route's (null for most writes)", examples: [null] },
      message: { type: 'string', examples: ['ok'] },
    },
  },
  ErrorEnvelope: {
    type: 'object',
    description: 'A failure: a catalogue code beside a fitting HTTP status, an English message, and details in data.',
    required: ['code', 'data', 'message'],
    properties: {
      code: ref('ErrorCode'),
      data: {
        description: 'null, or details: `issues` for 40000, `retryAfterSeconds` for 10005',
        anyOf: [
          { type: 'null' },
          { type: 'object', properties: { issues: { type: 'array', items: ref('FieldIssue') }, retryAfterSeconds: { type: 'integer' } } },
        ],
      },
      message: { type: 'string', description: 'For 40000: `<field>: <rule message>` of the first issue' },
    },
  },
  FieldIssue: {
    type: 'object',
    description: 'One rejected field: where it is and which rule it broke.',
    required: ['field', 'rule', 'message'],
    properties: { field: { type: 'string', examples: ['body.name'] }, rule: { type: 'string', examples: ['too_big'] }, message: { type: 'string' } },
  },
  ErrorCode: {
    type: 'integer',
    description: 'The error catalogue (shared/errors/codes.ts).',
    oneOf: (Object.keys(ErrorCode) as ErrorCodeName[])
      .filter((name) => name !== 'OK')
      .map((name) => ({ const: ErrorCode[name], title: name, description: `${errorInfo[name].message} (HTTP ${errorInfo[name].status})` })),
  },
} as const;

/** One line per code, for an operation's description and its error answers. */
const codeLine = (name: ErrorCodeName): string => `${ErrorCode[name]} ${name}: ${errorInfo[name].message}`;

/**
 * The error answers of an operation, one per HTTP status, each naming the codes it can carry. A body of
 * another type than JSON is refused with 415 and code 40000, so write routes also list that status.
 */
export function errorResponses(codes: readonly ErrorCodeName[], takesBody: boolean): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCodeName[]>();
  const add = (status: number, name: ErrorCodeName) => byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  for (const name of codes) add(errorInfo[name].status, name);
  if (takesBody && codes.includes('VALIDATION_FAILED')) add(415, 'VALIDATION_FAILED');
  const responses: Record<string, unknown> = {};
  for (const [status, names] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: names.map((name) => (status === 415 ? `${ErrorCode[name]}: Unsupported Media Type (send application/json)` : codeLine(name))).join('; '),
      content: {
        'application/json': {
          schema: { allOf: [ref('ErrorEnvelope')], properties: { code: { enum: names.map((name) => ErrorCode[name]) } } },
        },
      },
    };
  }
  return responses;
}

/** The success answer of a route that declares no response schema: the envelope, data left open. */
export const GENERIC_SUCCESS = {
  description: 'Success: the envelope with code 0',
  content: { 'application/json': { schema: ref('Envelope') } },
};
