import { DeleteOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, InputNumber, Popconfirm, Radio, Row, Select, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CARGO_UNITS } from '@shared/ships/schemas';
import { utcText } from './shipFormat';
import type { LegField, VoyageValues } from './voyageForm';
import { voyageRule } from './voyageRules';
import styles from './voyageDialog.module.css';

/** Minutes are enough for a port call; the clock is the console's (the browser's zone), as every picker of the console. */
const PICK_FORMAT = 'YYYY-MM-DD HH:mm';
/** Pickers, buttons and selects are checked when a value is chosen (a picked time may never blur its box). */
const ON_CHOICE = ['onChange', 'onBlur'];

interface VoyageLegFieldsProps {
  form: FormInstance<VoyageValues>;
  /** The leg's place in the Form.List (its name) and in the voyage (0 = leg 1). */
  name: number;
  index: number;
  /** A stored leg: removing it unlinks its fuel entries, so it asks first. */
  stored: boolean;
  removable: boolean;
  onRemove(): void;
}

/** The same instant in UTC, as the voyages list and the ratings count it. */
function UtcEcho({ form, path }: { form: FormInstance<VoyageValues>; path: (string | number)[] }) {
  const { t } = useTranslation();
  const value = Form.useWatch(path, form) as Dayjs | null | undefined;
  return <span data-testid={`utc-${path.join('-')}`}>{t('ships.voyageForm.utcEcho', { time: value ? utcText(value.valueOf()) : '–' })}</span>;
}

/**
 * One leg of the voyage dialog: ports, departure and arrival, distance, laden or ballast, cargo and its unit.
 * Each field is checked on blur with the server's contract; a ballast leg's cargo is 0 and locked.
 */
export function VoyageLegFields({ form, name, index, stored, removable, onRemove }: VoyageLegFieldsProps) {
  const { t } = useTranslation();
  const condition = Form.useWatch(['legs', name, 'condition'], form);
  // An empty picker opens on the month the leg starts in: the departure, or the previous leg's arrival.
  const departure = Form.useWatch(['legs', name, 'departureAt'], form) as Dayjs | null | undefined;
  const previousArrival = Form.useWatch(['legs', name - 1, 'arrivalAt'], form) as Dayjs | null | undefined;
  const rule = (field: LegField) => voyageRule(t, form, `legs.${name}.${field}`);
  const testId = (field: string) => `leg-${index}-${field}`;
  const label = (field: string) => t(`ships.voyageForm.${field}`);
  const remove = (
    <Button
      type="text"
      size="small"
      danger
      icon={<DeleteOutlined />}
      disabled={!removable}
      onClick={stored ? undefined : onRemove}
      data-testid={testId('remove')}
    >
      {t('ships.voyageForm.removeLeg')}
    </Button>
  );

  return (
    <div className={styles.leg} data-testid={`voyage-leg-${index}`}>
      <div className={styles.legHead}>
        <span className={styles.legTitle}>{t('ships.voyages.leg', { seq: index + 1 })}</span>
        {stored && removable ? (
          <Popconfirm
            title={t('ships.voyageForm.confirmRemoveLeg')}
            okText={t('ships.voyageForm.removeLeg')}
            cancelText={t('resources.actions.cancel')}
            okButtonProps={{ danger: true, 'data-testid': `${testId('remove')}-confirm` }}
            onConfirm={onRemove}
          >
            {remove}
          </Popconfirm>
        ) : (
          remove
        )}
      </div>
      <Row gutter={12}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name={[name, 'portFrom']} label={label('portFrom')} rules={[rule('portFrom')]} required>
            <Input maxLength={80} data-testid={testId('portFrom')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name={[name, 'portTo']} label={label('portTo')} rules={[rule('portTo')]} required>
            <Input maxLength={80} data-testid={testId('portTo')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name={[name, 'departureAt']}
            label={label('departureAt')}
            rules={[rule('departureAt')]}
            validateTrigger={ON_CHOICE}
            required
            dependencies={name > 0 ? [['legs', name - 1, 'arrivalAt']] : []}
            extra={<UtcEcho form={form} path={['legs', name, 'departureAt']} />}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={PICK_FORMAT}
              placeholder={t('ships.voyageForm.pickTime')}
              {...(previousArrival ? { defaultPickerValue: previousArrival } : {})}
              style={{ width: '100%' }}
              data-testid={testId('departureAt')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name={[name, 'arrivalAt']}
            label={label('arrivalAt')}
            rules={[rule('arrivalAt')]}
            validateTrigger={ON_CHOICE}
            required
            dependencies={[['legs', name, 'departureAt']]}
            extra={<UtcEcho form={form} path={['legs', name, 'arrivalAt']} />}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={PICK_FORMAT}
              placeholder={t('ships.voyageForm.pickTime')}
              {...(departure ? { defaultPickerValue: departure } : {})}
              style={{ width: '100%' }}
              data-testid={testId('arrivalAt')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name={[name, 'distanceNm']} label={label('distanceNm')} rules={[rule('distanceNm')]} required>
            <InputNumber min={0} style={{ width: '100%' }} data-testid={testId('distanceNm')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name={[name, 'condition']} label={label('condition')} rules={[rule('condition')]} validateTrigger={ON_CHOICE} required>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'laden', label: t('ships.voyages.laden') },
                { value: 'ballast', label: t('ships.voyages.ballast') },
              ]}
              // A ballast leg carries nothing (MEPC.1/Circ.684: fuel without transport work).
              onChange={(event) => event.target.value === 'ballast' && form.setFieldValue(['legs', name, 'cargo'], 0)}
              data-testid={testId('condition')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            name={[name, 'cargo']}
            label={label('cargo')}
            rules={[{ required: condition !== 'ballast', message: t('resources.validation.required') }, rule('cargo')]}
            required={condition !== 'ballast'}
            dependencies={[['legs', name, 'condition']]}
          >
            <InputNumber min={0} style={{ width: '100%' }} disabled={condition === 'ballast'} data-testid={testId('cargo')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name={[name, 'cargoUnit']} label={label('cargoUnit')} rules={[rule('cargoUnit')]} validateTrigger={ON_CHOICE} required>
            <Select options={CARGO_UNITS.map((unit) => ({ value: unit, label: t(`ships.voyages.units.${unit}`) }))} data-testid={testId('cargoUnit')} />
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}
