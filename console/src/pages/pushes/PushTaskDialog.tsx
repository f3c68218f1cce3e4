import { Checkbox, Col, Form, Input, Modal, Row, Select, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, ALARM_SEVERITIES } from '@shared/schemas/alarms';
import { PUSH_CHANNELS, type PushChannelSettings, type PushTask, type PushTaskInput } from '@shared/schemas/pushes';
import { ChannelSetupHint } from './ChannelSetupHint';
import type { FieldErrors } from './fieldErrors';
import { taskInput, type PushTasksController } from './PushTasksController';
import { RecipientSelect } from './RecipientSelect';

interface PushTaskDialogProps {
  tasks: PushTasksController;
  /** The task being edited; undefined for a new one. */
  task?: PushTask;
  onSaved(task: PushTask): void;
  onClose(): void;
  /** The channels' settings when the caller may read them: a task on a channel not set up says where to set it. */
  channelSettings?: PushChannelSettings | null;
}

const NEW_TASK: PushTaskInput = {
  name: '',
  enabled: true,
  channel: 'email',
  kinds: ['device'],
  minSeverity: 'low',
  departmentId: null,
  templateId: null,
  recipientIds: [],
  onRepeat: false,
};

/** Create or edit a push task: what it matches (kinds, severity, department), how and to whom it pushes. */
export const PushTaskDialog = observer(function PushTaskDialog({ tasks, task, onSaved, onClose, channelSettings = null }: PushTaskDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PushTaskInput>();
  const channel = Form.useWatch('channel', form) ?? task?.channel ?? NEW_TASK.channel;
  const knownNames = useMemo(() => new Map(task?.recipientIds.map((id, index) => [id, task.recipientNames[index] ?? `#${id}`])), [task]);
  useEffect(() => void tasks.loadChoices(), [tasks]);

  const showErrors = (errors: FieldErrors) => {
    form.setFields(Object.entries(errors).map(([name, message]) => ({ name: name as keyof PushTaskInput, errors: message ? [message] : [] })));
  };
  const save = async () => {
    const result = await tasks.save({ ...NEW_TASK, ...form.getFieldsValue(true) }, task?.id);
    if (result.ok) onSaved(result.task);
    else showErrors(result.errors);
  };

  // antd options take no null value: 0 stands for "the kind's default" (templateId null).
  const templateOptions = [
    { value: 0, label: t('pushes.tasks.defaultTemplate') },
    ...tasks.templatesOf(channel).map((template) => ({ value: template.id, label: template.name })),
  ];
  return (
    <Modal
      open
      centered
      width="min(760px, 92vw)"
      mask={{ closable: false }}
      title={task ? t('pushes.tasks.editTitle', { name: task.name }) : t('pushes.tasks.addTitle')}
      okText={t('pushes.actions.save')}
      cancelText={t('pushes.actions.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: tasks.busy, 'data-testid': 'task-save' }}
      data-testid="task-dialog"
    >
      <Form<PushTaskInput>
        form={form}
        layout="vertical"
        initialValues={task ? taskInput(task) : NEW_TASK}
        onValuesChange={(changed: Partial<PushTaskInput>) => {
          // A template of another channel cannot stay chosen.
          if (changed.channel) form.setFieldValue('templateId', null);
        }}
        data-testid="task-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="name" label={t('pushes.tasks.name')} required>
              <Input maxLength={64} data-testid="task-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="channel" label={t('pushes.tasks.channel')} required>
              <Select options={PUSH_CHANNELS.map((value) => ({ value, label: t(`pushes.channels.${value}`) }))} data-testid="task-channel" />
            </Form.Item>
          </Col>
        </Row>
        <ChannelSetupHint channels={[channel]} settings={channelSettings} />
        <Form.Item name="kinds" label={t('pushes.tasks.kinds')} required>
          <Checkbox.Group options={ALARM_KINDS.map((kind) => ({ value: kind, label: t(`pushes.kinds.${kind}`) }))} data-testid="task-kinds" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="minSeverity" label={t('pushes.tasks.minSeverity')} extra={t('pushes.tasks.minSeverityHint')}>
              <Select options={ALARM_SEVERITIES.map((value) => ({ value, label: t(`pushes.severities.${value}`) }))} data-testid="task-severity" />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item name="departmentId" label={t('pushes.tasks.department')} extra={t('pushes.tasks.departmentHint')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('pushes.tasks.anyDepartment')}
                options={tasks.departments.map((department) => ({ value: department.id, label: department.name }))}
                onClear={() => form.setFieldValue('departmentId', null)}
                data-testid="task-department"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="templateId"
          label={t('pushes.tasks.template')}
          getValueProps={(id: number | null) => ({ value: id ?? 0 })}
          normalize={(id: number) => id || null}
        >
          <Select options={templateOptions} data-testid="task-template" />
        </Form.Item>
        <Form.Item name="recipientIds" label={t('pushes.tasks.recipients')} required>
          <RecipientSelect contacts={tasks.contacts} channel={channel} knownNames={knownNames} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="onRepeat" label={t('pushes.tasks.onRepeat')} valuePropName="checked" extra={t('pushes.tasks.onRepeatHint')}>
              <Switch data-testid="task-on-repeat" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="enabled" label={t('pushes.tasks.enabled')} valuePropName="checked">
              <Switch data-testid="task-enabled" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
});
