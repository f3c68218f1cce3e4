import { DISPLAY_SELF_CHANNEL, type DisplayCommand } from '@shared/board/channels';
import { ChannelRefusal, type ChannelProvider, type ChannelPublisher } from './channelProvider';

/** The board the console pinned on a display, or null (read at subscribe time, so a reconnecting wall gets it again). */
export type PinnedBoard = (displayId: number) => Promise<number | null>;

export interface DisplayChannel extends ChannelProvider {
  /** Sends a command to every socket of the display subscribed to display:self. */
  send(displayId: number, command: DisplayCommand): void;
}

const roomOf = (displayId: number): string => `${DISPLAY_SELF_CHANNEL}#${displayId}`;

/**
 * `display:self`: the console's commands for one wall (show a board, release it, reload). Only a socket
 * opened with a display token may join, and only its own display's room.
 */
export function displaySelfChannel(pinnedBoard: PinnedBoard): DisplayChannel {
  let publisher: ChannelPublisher | undefined;
  return {
    name: DISPLAY_SELF_CHANNEL,
    matches: (channel) => channel === DISPLAY_SELF_CHANNEL,
    join: async ({ auth }) => {
      if (!auth.display) throw new ChannelRefusal(`${DISPLAY_SELF_CHANNEL} is for display tokens only`);
      return { room: roomOf(auth.display.id), scope: { userId: auth.user.id } };
    },
    snapshot: async ({ auth }) => {
      const display = auth.display;
      if (!display) return { messages: [] };
      const boardId = await pinnedBoard(display.id);
      // A pin whose board has left the display's scope (deleted, playlist edited) is ignored, not shown.
      const messages: DisplayCommand[] = boardId !== null && display.boardIds.includes(boardId) ? [{ kind: 'show', boardId }] : [];
      return { messages };
    },
    start(target) {
      publisher = target;
      return () => {
        publisher = undefined;
      };
    },
    send(displayId, command) {
      // Sent once, from the process that took the console's request: the wall may be connected to another one.
      if (publisher) (publisher.broadcast ?? publisher.publish).call(publisher, roomOf(displayId), DISPLAY_SELF_CHANNEL, command);
    },
  };
}
