/** Kiosk addresses (routes): one board full-screen, or a playlist rotating. */
export const boardWallPath = (id: number): string => `/dash/${id}`;
export const playlistWallPath = (id: number): string => `/dash/playlist/${id}`;

/** A link the server answered (maybe a path) as a full address the wall browser can be given. */
export const absoluteLink = (link: string, origin = window.location.origin): string => new URL(link, origin).href;

/** Opens a kiosk address in a new tab, with no handle back to the console. */
export function openOnWall(path: string): void {
  window.open(path, '_blank', 'noopener,noreferrer');
}
