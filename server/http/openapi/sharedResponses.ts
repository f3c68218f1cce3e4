interface ErrorResponse {
  description: string;
  content: { 'application/json': { schema: { properties: { code: { enum: number[] } } } } };
}

type OpenApiObject = {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components?: { responses?: Record<string, unknown> };
};

const isErrorResponse = (status: string, response: unknown): response is ErrorResponse =>
  Number(status) >= 400 && Array.isArray((response as ErrorResponse | undefined)?.content?.['application/json']?.schema?.properties?.code?.enum);

/**
 * Most routes answer the same failures (every signed-in route the same five token codes), so each
 * distinct error answer is written once under components.responses and referenced: the document
 * shrinks by about half. Runs as @fastify/swagger's transformObject, after every route was described.
 */
export function shareErrorResponses<T extends object>(input: T): T {
  const document = input as OpenApiObject;
  const shared: Record<string, unknown> = { ...document.components?.responses };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!isErrorResponse(status, response)) continue;
        const codes = response.content['application/json'].schema.properties.code.enum;
        const name = `Error${status}_${codes.join('_')}`;
        shared[name] ??= response;
        operation.responses![status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  document.components = { ...document.components, responses: shared };
  return input;
}
