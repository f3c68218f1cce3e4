import { connect, connectAsync } from 'mqtt';

/**
 * Ends what server processes of one share group left on an external broker once a suite is over: the last process to
 * stop keeps its 7-day session and its retained member record by design (server/mqtt/README.md), and a process killed
 * -9 leaves a session with a "dead" record. On the machine's broker, run after run, those would pile up.
 * Answers the client ids whose sessions it ended.
 */
export async function endGroupSessions(url: string, group: string): Promise<string[]> {
  const base = `energy-cluster/${group}/members/`;
  const reader = await connectAsync(url, { reconnectPeriod: 0, protocolVersion: 5 });
  const ids = new Set<string>();
  reader.on('message', (topic, message) => {
    if (topic.startsWith(base) && message.length > 0) ids.add(topic.slice(base.length));
  });
  await reader.subscribeAsync(`${base}+`, { qos: 1 });
  // Retained records arrive right after the SUBACK.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const id of ids) {
    // Clean start discards the stored session; session expiry 0 ends the new one at DISCONNECT.
    const member = connect(url, { clientId: id, protocolVersion: 5, clean: true, reconnectPeriod: 0, properties: { sessionExpiryInterval: 0 } });
    await new Promise<void>((resolve, reject) => {
      member.once('connect', () => resolve());
      member.once('error', reject);
    });
    await member.endAsync();
    await reader.publishAsync(`${base}${id}`, '', { qos: 1, retain: true });
  }
  await reader.endAsync();
  return [...ids];
}
