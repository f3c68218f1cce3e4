import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Modal, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoyageAnswer } from '@shared/ships/api';
import type { CargoUnit } from '@shared/ships/schemas';
import { useNotify } from '../../feedback/notify';
import { nextLeg, voyageBody, voyageValues, type LegValues, type VoyageValues } from './voyageForm';
import { VoyageLegFields } from './VoyageLegFields';
import { showVoyageIssues, voyageRule } from './voyageRules';
import type { VoyageWrites } from './voyageWrites';
import styles from './voyageDialog.module.css';

interface VoyageDialogProps {
  shipId: number;
  writes: VoyageWrites;
  /** The voyage being edited (from the voyages list, legs included); none: a new voyage. */
  voyage?: VoyageAnswer;
  /** The cargo unit a new voyage starts with: the ship's latest voyage's (a ferry counts passengers). */
  cargoUnit?: CargoUnit;
  onClose(): void;
  onSaved(): void;
}

/** The console's zone, named so the reader knows which clock the pickers are on. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Add or edit a voyage of the open ship with its legs (`POST /api/ships/:id/voyages`, `PUT /api/ship-voyages/:id`).
 * Fields are checked on blur with the server's contract; a refusal goes under the field it names (`legs.1.arrivalAt`
 * under leg 2's arrival). Stored legs keep their ids, so their fuel entries stay linked.
 */
export function VoyageDialog({ shipId, writes, voyage, cargoUnit, onClose, onSaved }: VoyageDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<VoyageValues>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const valid = await form.validateFields({ recursive: true }).then(
      () => true,
      () => false,
    );
    if (!valid || saving) return;
    const body = voyageBody(form.getFieldsValue(true) as VoyageValues);
    setSaving(true);
    try {
      if (voyage) await writes.update(voyage.id, body);
      else await writes.create(shipId, body);
      notify.success(t('ships.voyageForm.saved'));
      onSaved();
    } catch (error) {
      showVoyageIssues(t, form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      centered
      title={t(voyage ? 'ships.voyageForm.editTitle' : 'ships.voyageForm.addTitle', { code: voyage?.code ?? '' })}
      width="min(1080px, 94vw)"
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('resources.actions.save')}
      cancelText={t('resources.actions.cancel')}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': 'voyage-form-ok' }}
      mask={{ closable: false }}
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 4 } }}
      data-testid="voyage-dialog"
    >
      <Form form={form} layout="vertical" initialValues={voyageValues(voyage, cargoUnit)} validateTrigger="onBlur" data-testid="voyage-form">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="code" label={t('ships.voyageForm.code')} rules={[voyageRule(t, form, 'code')]} required>
              <Input maxLength={50} placeholder={t('ships.voyageForm.codeHint')} data-testid="voyage-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="note" label={t('ships.voyageForm.note')} rules={[voyageRule(t, form, 'note')]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={1000} data-testid="voyage-note" />
            </Form.Item>
          </Col>
        </Row>
        <div className={styles.legsHead}>
          <span className={styles.legsTitle}>{t('ships.voyageForm.legs')}</span>
          <span className={styles.zoneNote} data-testid="voyage-zone-note">
            {t('ships.voyageForm.zoneNote', { zone: browserZone() })}
          </span>
        </div>
        <Form.List name="legs">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <VoyageLegFields
                  key={field.key}
                  form={form}
                  name={field.name}
                  index={index}
                  stored={(form.getFieldValue(['legs', field.name, 'id']) as number | undefined) !== undefined}
                  removable={fields.length > 1}
                  onRemove={() => remove(field.name)}
                />
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => {
                  const legs = (form.getFieldValue('legs') as LegValues[] | undefined) ?? [];
                  add(nextLeg(legs[legs.length - 1]));
                }}
                data-testid="voyage-add-leg"
              >
                {t('ships.voyageForm.addLeg')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
