import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import type { ExportJob, MeterHistoryQuery } from '@shared/schemas/energy';
import { EXPORT_POLL_MS, MeterExportJob } from './MeterExportJob';

const query: MeterHistoryQuery = { meterId: 7, metric: 'kwh', from: 1000, to: 2000 };
const job = (patch: Partial<ExportJob>): ExportJob => ({
  id: 'job-1',
  state: 'running',
  format: 'csv',
  fileName: 'M007-kwh.csv',
  rowsWritten: 0,
  totalRows: 400,
  progress: 0,
  error: null,
  ...patch,
});

function setup(states: ExportJob[]) {
  const file = new Blob(['ts,value\n']);
  const api = {
    startExport: vi.fn(async () => job({})),
    exportState: vi.fn(async () => states.shift() ?? job({ state: 'done', rowsWritten: 400 })),
    exportFile: vi.fn(async () => file),
  };
  const save = vi.fn();
  return { api, save, file, store: new MeterExportJob(api, save) };
}

describe('meter export job', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts the job, polls every 500 ms with progress, then saves the file under its name', async () => {
    const { api, save, file, store } = setup([job({ rowsWritten: 100 }), job({ rowsWritten: 300 })]);
    await store.start(query, 'csv');
    expect(api.startExport).toHaveBeenCalledWith({ meterId: 7, metric: 'kwh', from: 1000, to: 2000, format: 'csv' });
    expect(store.phase).toBe('running');
    expect(store.percent).toBe(0);

    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS - 1);
    expect(api.exportState).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.exportState).toHaveBeenCalledWith('job-1');
    expect(store.percent).toBe(25);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    expect(store.percent).toBe(75);
    expect(store.job?.rowsWritten).toBe(300);

    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    expect(api.exportFile).toHaveBeenCalledWith('job-1');
    expect(save).toHaveBeenCalledWith(file, 'M007-kwh.csv');
    expect(store.phase).toBe('done');
    expect(store.percent).toBe(100);
    expect(store.busy).toBe(false);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS * 4);
    expect(api.exportState).toHaveBeenCalledTimes(3);
  });

  it('shows the job error when the server reports failed, and stops polling', async () => {
    const { api, save, store } = setup([job({ state: 'failed', rowsWritten: 40, error: 'Disk full' })]);
    await store.start(query, 'xlsx');
    expect(store.format).toBe('xlsx');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    expect(store.phase).toBe('failed');
    expect(store.error).toBe('Disk full');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS * 4);
    expect(api.exportState).toHaveBeenCalledOnce();
    expect(api.exportFile).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('stops polling when stopped (unmount), and ignores an answer already on its way', async () => {
    const { api, save, store } = setup([]);
    let answer: (value: ExportJob) => void = () => undefined;
    api.exportState.mockImplementationOnce(() => new Promise<ExportJob>((resolve) => (answer = resolve)));
    await store.start(query, 'csv');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    expect(api.exportState).toHaveBeenCalledOnce();
    store.stop();
    expect(store.phase).toBe('idle');
    answer(job({ state: 'done', rowsWritten: 400 }));
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS * 4);
    expect(api.exportState).toHaveBeenCalledOnce();
    expect(api.exportFile).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
    expect(store.phase).toBe('idle');
  });

  it('downloads at once when the job is done on creation (a small export)', async () => {
    const { api, save, store } = setup([]);
    api.startExport.mockResolvedValueOnce(job({ state: 'done', rowsWritten: 3, totalRows: 3 }));
    await store.start(query, 'csv');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.exportState).not.toHaveBeenCalled();
    expect(save).toHaveBeenCalledOnce();
    expect(store.phase).toBe('done');
  });

  it('closes quietly when the server refuses to start (the api hook has shown why)', async () => {
    const { api, store } = setup([]);
    api.startExport.mockRejectedValueOnce(new ApiError(20003, 'Time out of range!'));
    await store.start(query, 'csv');
    expect(store.phase).toBe('idle');
    expect(store.error).toBeNull();
  });

  it('reports a failed state call in the dialog and stops', async () => {
    const { api, store } = setup([]);
    api.exportState.mockRejectedValueOnce(new ApiError(40400, 'Not found'));
    await store.start(query, 'csv');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS * 3);
    expect(store.phase).toBe('failed');
    expect(store.error).toBe('Not found');
    expect(api.exportState).toHaveBeenCalledOnce();
  });
});
