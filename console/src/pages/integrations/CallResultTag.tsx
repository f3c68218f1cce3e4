import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@shared/errors/codes';
import type { InterfaceCall } from '@shared/api/interfacesApi';

type ResultKind = 'ok' | 'partial' | 'invalidKey' | 'refused' | 'busy' | 'other';

const COLORS: Record<ResultKind, string> = { ok: 'success', partial: 'warning', invalidKey: 'orange', refused: 'error', busy: 'gold', other: 'error' };

/** What a call's code means to the integrator: the codes the ingest endpoint answers with. */
export function callResult(call: Pick<InterfaceCall, 'code' | 'rejected'>): ResultKind {
  if (call.code === ErrorCode.OK) return call.rejected > 0 ? 'partial' : 'ok';
  if (call.code === ErrorCode.SDK_KEY_INVALID) return 'invalidKey';
  if (call.code === ErrorCode.VALIDATION_FAILED || call.code === ErrorCode.BODY_TOO_LARGE) return 'refused';
  if (call.code === ErrorCode.UNAVAILABLE) return 'busy';
  return 'other';
}

export function CallResultTag({ call }: { call: Pick<InterfaceCall, 'code' | 'rejected'> }) {
  const { t } = useTranslation();
  const kind = callResult(call);
  return (
    <Tag color={COLORS[kind]} data-code={call.code}>
      {`${call.code} · ${t(`integrations.calls.results.${kind}`)}`}
    </Tag>
  );
}
