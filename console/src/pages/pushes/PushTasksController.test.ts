import { describe, expect, it } from 'vitest';
import type { PushesApi } from '@shared/api/pushesApi';
import { createI18n } from '@shared/i18n';
import type { PushTask } from '@shared/schemas/pushes';
import { PushTasksController } from './PushTasksController';
import { later } from '../../testing/later.test-util';

const task = (id: number, name: string) => ({ id, name }) as PushTask;

describe('the push task list', () => {
  it('keeps the task just created when the page’s first load answers after the reload that follows the save', async () => {
    const answers = [later<PushTask[]>(), later<PushTask[]>()];
    let call = 0;
    const api = {
      tasks: () => answers[call++]!.promise,
      createTask: () => Promise.resolve(task(7, 'Boiler alarms')),
    } as unknown as PushesApi;
    const controller = new PushTasksController(api, () => Promise.resolve([]), createI18n('en').t);
    const firstLoad = controller.load();
    const saved = controller.save({ name: 'Boiler alarms', channel: 'sms', kinds: ['offline'], recipientIds: [2] });
    await Promise.resolve();
    answers[1]!.resolve([task(3, 'Water leaks'), task(7, 'Boiler alarms')]);
    expect((await saved).ok).toBe(true);
    answers[0]!.resolve([task(3, 'Water leaks')]);
    await firstLoad;
    expect(controller.tasks.map((row) => row.name)).toEqual(['Water leaks', 'Boiler alarms']);
    expect(controller.loading).toBe(false);
  });
});
