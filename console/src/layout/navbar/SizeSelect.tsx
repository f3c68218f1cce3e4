import { App, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { SIZES, type Size } from '@shared/stores/appStore';
import { useStores } from '../../stores/StoreContext';

/** The antd component size (spec §2), saved in the `size` cookie. */
export const SizeSelect = observer(function SizeSelect({ className }: { className?: string }) {
  const { app } = useStores();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const options = SIZES.map((size) => ({ value: size, label: t(`sizes.${size}`) }));

  const switchTo = (size: Size) => {
    if (size === app.size) return;
    app.setSize(size);
    void message.success(t('navbar.sizeSwitched'));
  };

  return (
    <Select<Size>
      className={className}
      data-testid="navbar-size"
      aria-label={t('navbar.size')}
      value={app.size}
      options={options}
      onChange={switchTo}
      popupMatchSelectWidth={false}
    />
  );
});
