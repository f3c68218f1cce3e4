// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifier, useNotify, type Notify } from './notify';

function Probe({ onReady }: { onReady: (notify: Notify) => void }) {
  onReady(useNotify());
  return null;
}

describe('notify', () => {
  afterEach(cleanup);

  it('gives notifications 2 s (spec §9), keyed by their text', () => {
    const notification = { success: vi.fn(), error: vi.fn() };
    const notify = notifier(notification);
    notify.success('Saved');
    notify.error('Create failed', 'This mailbox has been registered!');
    expect(notification.success).toHaveBeenCalledWith({ title: 'Saved', description: undefined, duration: 2, key: 'success:Saved' });
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: 'This mailbox has been registered!', duration: 2 }));
  });

  it('shows them through antd App', async () => {
    let notify: Notify | undefined;
    render(
      <App>
        <Probe onReady={(n) => (notify = n)} />
      </App>,
    );
    act(() => notify?.success('Saved'));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
