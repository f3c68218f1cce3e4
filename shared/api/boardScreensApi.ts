import type { AxiosInstance } from 'axios';
import { createBoardReviewsApi, type BoardReviewsApi } from './boardReviewsApi';
import { createBoardsApi, type BoardsApi } from './boardsApi';
import { createBoardVersionsApi, type BoardVersionsApi } from './boardVersionsApi';
import { createDisplaysApi, type DisplaysApi } from './displaysApi';
import { createPlaylistsApi, type PlaylistsApi } from './playlistsApi';

/** Everything the board screens call, as one object a test can replace with a fake in one place. */
export type BoardScreensApi = BoardsApi & BoardVersionsApi & BoardReviewsApi & PlaylistsApi & DisplaysApi;

export function createBoardScreensApi(http: AxiosInstance): BoardScreensApi {
  return { ...createBoardsApi(http), ...createBoardVersionsApi(http), ...createBoardReviewsApi(http), ...createPlaylistsApi(http), ...createDisplaysApi(http) };
}
