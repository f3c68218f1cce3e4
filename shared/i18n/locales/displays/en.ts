/** English texts: The console screen settings/boardConfig: boards, display tokens, displays and playlists. zh.ts and es.ts beside this file hold the same keys. */
export const displaysEn = {
  title: 'Boards and displays',
};
