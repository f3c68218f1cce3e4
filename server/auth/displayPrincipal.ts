/** A wall signed in with a display token: read-only, limited to its boards. */
export interface DisplayPrincipal {
  id: number;
  name: string;
  /** Every board it may show: its own list, or the boards of its playlist. */
  boardIds: readonly number[];
  playlistId: number | null;
}
