import { loadConfig } from './config';
import { buildApp } from './app';
import { startMqttIngress } from './mqtt';
import { connectSupply, supplyAcks } from './prepaid/supply/mqttLink';
import { productionOutputSink } from './production/mqttOutput';
import { startDemo } from './simulator/startDemo';
import { firstStartBox } from './seed/firstStartBox';
import { exitForStartFailure } from './logging/startFailure';
import { httpListenProblem } from './logging/startupProblem';
import { emailChannelProblem } from './pushes/smtpStartCheck';

/** Entry point: build, listen, print the first-start admin password once, shut down cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw httpListenProblem(error, config.port) ?? error;
  });
  app.log.info(`storage: ${app.storage.describe}`);
  const smtpProblem = await emailChannelProblem(app.pushes.settings);
  if (smtpProblem) app.log.warn(smtpProblem);
  // Printed once, on the first start only: generated passwords are not stored anywhere in clear.
  process.stdout.write(firstStartBox(app.adminSeed, `http://localhost:${config.port}`));
  process.stdout.write(`Energy console: http://localhost:${config.port}/  kiosk: http://localhost:${config.port}/dash/1\n`);

  // Set by the steps below as they start, so a signal during a long backfill still shuts down in order.
  let stopDemo = async (): Promise<void> => undefined;
  let closeMqtt = async (): Promise<void> => undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests and closing the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stop what produces readings first, then the broker (waits for in-flight commits), then HTTP and the database.
    stopDemo()
      .then(() => closeMqtt())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const mqtt = await startMqttIngress({
    storage: app.storage,
    ingest: app.ingest,
    log: app.log,
    commands: supplyAcks(app),
    output: productionOutputSink(app.storage.db, app.log),
  });
  connectSupply(app, mqtt); // supply commands (cut-off, restore) go out on gateways/{sn}/commands
  closeMqtt = () => mqtt.close();
  if (process.env.SIMULATOR !== 'off' && !closing) stopDemo = await startDemo(app, mqtt);
}

main().catch(exitForStartFailure);
