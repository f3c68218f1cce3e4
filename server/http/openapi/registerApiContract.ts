import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { mqttSettingsFromEnv } from '../../mqtt/settings';
import { buildAsyncApiDocument, mqttEndpoint } from './asyncapiDocument';
import { ASYNCAPI_PATH, OPENAPI_PATH, openapiDefinition, REFERENCE_PAGE } from './documentInfo';
import { describeRoute } from './operationDocs';
import { shareErrorResponses } from './sharedResponses';

/**
 * The published contract: GET /api/openapi.json (every /api route, generated from its registration),
 * GET /api/asyncapi.json (the MQTT side) and the reference page at /docs/api (Swagger UI served from its
 * own package, no CDN). Register it before the API modules: @fastify/swagger collects routes as they are added.
 */
export async function registerApiContract(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: openapiDefinition(app.serverConfig.version) as never,
    transform: describeRoute,
    transformObject: (input) => ('openapiObject' in input ? shareErrorResponses(input.openapiObject) : input.swaggerObject),
  });

  // Public: the contract holds no secret and no data of any tree.
  const contract = { access: 'public', tenancy: 'none' } as const;
  app.get(OPENAPI_PATH, { config: contract }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()));
  app.get(ASYNCAPI_PATH, { config: contract }, async (request, reply) => {
    const endpoint = mqttEndpoint(mqttSettingsFromEnv(), request.hostname);
    return reply.type('application/json; charset=utf-8').send(buildAsyncApiDocument(app.serverConfig.version, endpoint));
  });

  // A page like the console's: the onSend hook gives it the pages' policy (script-src 'self'); it needs no more.
  await app.register(fastifySwaggerUi, {
    routePrefix: REFERENCE_PAGE,
    theme: { title: 'Energy Console API reference' },
    // BaseLayout: no top bar (it carried the framework's logo and a box to explore other documents).
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    validatorUrl: false,
  });
}
