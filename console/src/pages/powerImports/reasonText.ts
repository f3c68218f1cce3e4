import type { TFunction } from 'i18next';
import type { ImportRowError } from '@shared/powerImports/api';

/** A rejected row's reason in the reader's language, with the other line or batch it collides with. */
export function reasonText(t: TFunction, error: Pick<ImportRowError, 'reason' | 'otherLine' | 'otherBatchId'>): string {
  if (error.reason === 'duplicateInFile')
    return error.otherLine === null ? t('powerImports.reasons.duplicateInFileBare') : t('powerImports.reasons.duplicateInFile', { line: error.otherLine });
  if (error.reason === 'overlapsImported')
    return error.otherBatchId === null
      ? t('powerImports.reasons.overlapsImportedBare')
      : t('powerImports.reasons.overlapsImported', { batch: error.otherBatchId });
  return t(`powerImports.reasons.${error.reason}`);
}
