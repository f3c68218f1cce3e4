import type { AxiosInstance } from 'axios';
import type { BoardRecord, KioskHeartbeat, KioskHeartbeatAck, KioskSession, Playlist } from '../schemas/boards';
import type { Health } from '../schemas/health';
import { envelopeData } from './envelopeData';

/** The calls a wall makes: display tokens and signed-in users alike; each resolves with the envelope's `data`. */
export interface KioskApi {
  session(): Promise<KioskSession>;
  heartbeat(beat: KioskHeartbeat): Promise<KioskHeartbeatAck>;
  board(id: number): Promise<BoardRecord>;
  playlist(id: number): Promise<Playlist>;
  /** Public; the wall reloads only after this answers, so it never reloads into an error page. */
  health(): Promise<Health>;
}

export function createKioskApi(http: AxiosInstance): KioskApi {
  const data = envelopeData;
  return {
    session: () => data(http.get('/kiosk/session')),
    heartbeat: (beat) => data(http.post('/kiosk/heartbeat', beat)),
    board: (id) => data(http.get(`/boards/${id}`)),
    playlist: (id) => data(http.get(`/playlists/${id}`)),
    health: () => data(http.get('/health')),
  };
}
