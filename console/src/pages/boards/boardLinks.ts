import { absoluteLink, boardWallPath } from './wallLinks';
import { copyText } from '../integrations/copyText';

/** The board's kiosk address as a wall browser is given it: `https://host/dash/<id>`. */
export const kioskLink = (boardId: number, origin = window.location.origin): string => absoluteLink(boardWallPath(boardId), origin);

/** Copies the kiosk link; resolves the link, or null when the browser refused. */
export async function copyKioskLink(boardId: number): Promise<string | null> {
  const link = kioskLink(boardId);
  return (await copyText(link)) ? link : null;
}
