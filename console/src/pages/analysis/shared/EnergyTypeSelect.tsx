import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENERGY_TYPES, type EnergyType } from '@shared/resources/meters';

/** Electricity, water or gas: every rollup is of one energy type (their units differ). */
export function EnergyTypeSelect({ value, onChange }: { value: EnergyType; onChange: (type: EnergyType) => void }) {
  const { t } = useTranslation();
  return (
    <Select<EnergyType>
      value={value}
      onChange={onChange}
      style={{ width: 130 }}
      aria-label={t('analysis.energyType.label')}
      options={ENERGY_TYPES.map((type) => ({ value: type, label: t(`analysis.energyType.${type}`) }))}
      data-testid="analysis-energy-type"
    />
  );
}
