import { Alert, Button, Progress, Steps, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { ImportObjectKind } from '@shared/powerImports/constants';
import { WIZARD_STEPS, type ImportWizardController } from './ImportWizardController';
import { MappingStep } from './MappingStep';
import styles from './powerImports.module.css';
import { PreviewStep } from './PreviewStep';
import { UploadStep } from './UploadStep';

export interface ImportWizardProps {
  wizard: ImportWizardController;
  loadObjects(kind: ImportObjectKind): Promise<{ id: number; name: string }[]>;
}

/** The steps of one import, shared by the power and the fuel screen: file → columns → preview → import → done. */
export const ImportWizard = observer(function ImportWizard({ wizard, loadObjects }: ImportWizardProps) {
  const { t } = useTranslation();
  const current = WIZARD_STEPS.indexOf(wizard.step);
  return (
    <div data-testid="import-wizard" data-step={wizard.step}>
      <Steps
        className={styles.steps}
        size="small"
        current={current}
        status={wizard.batch?.progress.state === 'failed' ? 'error' : undefined}
        items={WIZARD_STEPS.map((step) => ({ title: t(`powerImports.steps.${step}`) }))}
      />
      {wizard.step === 'upload' && <UploadStep wizard={wizard} />}
      {wizard.step === 'mapping' && <MappingStep wizard={wizard} loadObjects={loadObjects} />}
      {wizard.step === 'preview' && wizard.preview && wizard.draft && (
        <PreviewStep
          preview={wizard.preview}
          timeZone={wizard.draft.timeZone}
          busy={wizard.starting}
          onBack={wizard.back}
          onImport={() => void wizard.startImport()}
        />
      )}
      {(wizard.step === 'importing' || wizard.step === 'done') && <ImportProgressView wizard={wizard} />}
    </div>
  );
});

const ImportProgressView = observer(function ImportProgressView({ wizard }: { wizard: ImportWizardController }) {
  const { t } = useTranslation();
  const batch = wizard.batch;
  if (!batch) return null;
  const { progress } = batch;
  const another = (
    <Button type="primary" onClick={wizard.reset} data-testid="import-another">
      {t('powerImports.progress.another')}
    </Button>
  );
  // A compact line, so the history with the new batch stays in view on a 768 px high screen.
  if (progress.state === 'failed' || progress.state === 'done')
    return (
      <div data-testid={progress.state === 'done' ? 'import-done' : 'import-failed'}>
        <Alert
          type={progress.state === 'done' ? 'success' : 'error'}
          showIcon
          title={
            progress.state === 'done'
              ? t('powerImports.progress.done', {
                  imported: withThousands(progress.importedRows, 0),
                  rejected: withThousands(progress.rejectedRows, 0),
                })
              : t('powerImports.progress.failed', { reason: batch.error ?? '' })
          }
          description={batch.fileName}
          action={another}
        />
      </div>
    );
  return (
    <div className={styles.progress} data-testid="import-progress">
      <Progress percent={wizard.progressPercent} status="active" />
      <Typography.Text type="secondary">
        {progress.state === 'queued'
          ? t('powerImports.progress.queued')
          : t('powerImports.progress.running', { done: withThousands(progress.rowsDone, 0), total: withThousands(progress.totalRows, 0) })}
      </Typography.Text>
    </div>
  );
});
