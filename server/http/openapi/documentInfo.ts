import { INTERFACE_KEY_HEADER } from '@shared/schemas';
import { API_CONTRACT_PATHS } from '@shared/schemas/apiContract';
import { METRICS } from '@shared/metering/metrics';
import { MAX_READINGS_PER_PAYLOAD } from '@shared/metering/uplink';
import { commandsTopic, readingsTopic } from '../../mqtt/topics';
import { ENVELOPE_COMPONENTS } from './envelopeSchemas';

/** The reference page is a page, outside /api (whose routes all declare access), under the pages' Content-Security-Policy. */
export const REFERENCE_PAGE = API_CONTRACT_PATHS.referencePage.replace(/\/$/, '');
export const OPENAPI_PATH = API_CONTRACT_PATHS.openapi;
export const ASYNCAPI_PATH = API_CONTRACT_PATHS.asyncapi;

const metricRows = METRICS.map((metric) => `| \`${metric.code}\` | ${metric.unit || '–'} | ${metric.kind} | ${metric.label} |`).join('\n');

/** The conventions every route shares and the MQTT side, as the document's Markdown introduction. */
const DESCRIPTION = `The Energy Console HTTP API. This document is generated from the routes as they are registered: the same zod schemas validate every request.

## Conventions
- Every answer, errors included, is the envelope \`{code, data, message}\`; \`code\` 0 is success, every other code is in the catalogue (\`ErrorCode\` below) and comes with a fitting HTTP status.
- Validation failures: code 40000, \`message\` names the first field and rule, \`data.issues\` lists them all. Bodies are JSON; any other type answers 415 (code 40000). A body over its limit (1 MB, readings 4 MB) answers 413 (41300).
- \`Authorization: Bearer <token>\` from \`POST /api/auth/login\`. A token past half its life is renewed in the \`x-new-token\` answer header. Display tokens (\`dsp_…\`) reach only the routes marked for walls.
- Each operation states its access (\`x-access\`: public, user, admin or the permission paths, and whether walls may call it) and its tenancy (\`x-tenancy\`: which objects it touches, each limited to the caller's user tree; another tree's id is answered as one that does not exist).

## Sending readings
Over HTTP: \`POST /api/ingest/readings\` with an activated interface key in \`${INTERFACE_KEY_HEADER}\`. Over MQTT: publish QoS 1 to \`${readingsTopic('{gatewaySn}')}\` (\`${commandsTopic('{gatewaySn}')}\` is reserved for control); the AsyncAPI 3.0 document is at [${ASYNCAPI_PATH}](${ASYNCAPI_PATH}). Both take the same payload, at most ${MAX_READINGS_PER_PAYLOAD.toLocaleString('en')} readings:

| metric | unit | kind | measures |
|---|---|---|---|
${metricRows}
`;

/** The @fastify/swagger `openapi` option: everything of the document that is not a route. */
export function openapiDefinition(version: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Energy Console API', version, description: DESCRIPTION },
    components: {
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'A session token (POST /api/auth/login) or, on wall routes, a display token' },
        interfaceKey: { type: 'apiKey', in: 'header', name: INTERFACE_KEY_HEADER, description: 'An activated interface key (Third-party interfaces)' },
      },
      schemas: ENVELOPE_COMPONENTS,
    },
    externalDocs: { description: 'MQTT topics and payload (AsyncAPI 3.0)', url: ASYNCAPI_PATH },
  };
}
