import type { AxiosInstance } from 'axios';
import type { Playlist, PlaylistBody } from '../schemas/boards';
import { envelopeData } from './envelopeData';
import { listOf } from './listOf';

/** Playlists: the boards a wall rotates through, with how long each stays. */
export interface PlaylistsApi {
  playlists(): Promise<Playlist[]>;
  createPlaylist(body: PlaylistBody): Promise<Playlist>;
  updatePlaylist(id: number, body: PlaylistBody): Promise<Playlist>;
  deletePlaylist(id: number): Promise<unknown>;
}

export function createPlaylistsApi(http: AxiosInstance): PlaylistsApi {
  return {
    playlists: () => listOf(http.get('/playlists')),
    createPlaylist: (body) => envelopeData(http.post('/playlists', body)),
    updatePlaylist: (id, body) => envelopeData(http.put(`/playlists/${id}`, body)),
    deletePlaylist: (id) => envelopeData(http.delete(`/playlists/${id}`)),
  };
}
