import { PurposeBoardList } from './PurposeBoardList';
import { PURPOSE_SCREENS } from './purposes';
import { usePurposeBoards } from './usePurposeBoards';

/** board/energyGZ: the energy boards. */
export function EnergyBoardsPage() {
  return <PurposeBoardList model={usePurposeBoards(PURPOSE_SCREENS.energy)} />;
}
