import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { MeterChoices } from './MeterChoices';

/** "<meter code> <name>" from the meter picker's answer; the id while unknown (a meter since deleted). */
export const EquipmentName = observer(function EquipmentName({ meters, meterId }: { meters: MeterChoices; meterId: number | null }) {
  const { t } = useTranslation();
  if (meterId === null) return <span>–</span>;
  return <span>{meters.labelOf(meterId) ?? t('boardScreens.list.unknownMeter', { id: meterId })}</span>;
});
