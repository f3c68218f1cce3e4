/**
 * The socket.io channel protocol, shared by the server's hub and the RealtimeClient.
 * Client → server: `subscribe` {channel, afterId?} and `unsubscribe` {channel}, each with an ack.
 * Server → client: `channel:data` {channel, data} (snapshot first, coalesced deltas after) and
 * `channel:error` {channel, message, code?}.
 */
export const SUBSCRIBE = 'subscribe';
export const UNSUBSCRIBE = 'unsubscribe';
export const CHANNEL_DATA = 'channel:data';
export const CHANNEL_ERROR = 'channel:error';

export interface SubscribeRequest {
  channel: string;
  /** alarms:new: the last record id the client has seen; the ones after it are sent first. */
  afterId?: number;
}

export interface UnsubscribeRequest {
  channel: string;
}

/** The ack of a subscribe. `cursor` is the newest id the channel knows (alarms:new), so a client that saw nothing yet can still catch up later. */
export type SubscribeAck = { ok: true; cursor?: number } | { ok: false; message: string; code?: number };

export interface ChannelData<T = unknown> {
  channel: string;
  data: T;
}

export interface ChannelError {
  channel: string;
  message: string;
  /** Set when the session itself failed (an ErrorCode from shared/errors): the server disconnects after it. */
  code?: number;
}

/** `meter:<id>:latest` payload: newest reading time and each metric's newest value. */
export interface MeterLatestValues {
  meterId: number;
  ts: number;
  values: Record<string, number>;
}

/** 250 ms: at most four updates a second per channel room, whatever the ingest rate. */
export const COALESCE_MS = 250;

/**
 * 100 ms for the open-alarm counts: the menu badge must follow a new alarm within the 500 ms budget even
 * when alarms keep coming (a recount is one indexed COUNT per room, cheap at ten a second).
 */
export const ALARM_COUNTS_COALESCE_MS = 100;

/**
 * Open alarm records the `alarms:open` snapshot carries and a store keeps at most: a storm of alarms cannot
 * grow a wall's memory over weeks. The counts (`alarms:counts`) stay exact; a list at the cap says "+N more".
 */
export const MAX_OPEN_ALARMS = 200;
