import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserOption } from '@shared/api/usersApi';

const choices = (options: UserOption[]) => options.map((option) => ({ value: option._id, label: option.name }));

/** The display areas and data boards the user may see (spec §2 dialog). */
export function UserVisibilityFields({ displayAreas, boards }: { displayAreas: UserOption[]; boards: UserOption[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="displayAreaIds" label={t('users.fields.displayAreaIds')}>
        <Select mode="multiple" allowClear optionFilterProp="label" options={choices(displayAreas)} data-testid="user-field-displayAreaIds" />
      </Form.Item>
      <Form.Item name="boardIds" label={t('users.fields.boardIds')}>
        <Select mode="multiple" allowClear optionFilterProp="label" options={choices(boards)} data-testid="user-field-boardIds" />
      </Form.Item>
    </>
  );
}
