import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/testApp';
import { emailChannelProblem } from './smtpStartCheck';

describe('emailChannelProblem (checked at start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const smtp = { host: 'smtp.plant.cn', port: 587, secure: false, username: 'alarms', password: 'pw', from: 'alarms@plant.cn' };

  it('says where to set the SMTP server on a site that has none', async () => {
    expect(await emailChannelProblem(t.app.pushes.settings)).toBe(
      'E-mail: no SMTP server is set, so alarm e-mails are not sent; set the SMTP server in the console under Messaging › E-mail & test send (/msg/verify).',
    );
  });

  it('says so when the e-mail channel is switched off, and nothing once it is on', async () => {
    await t.app.pushes.settings.save('email', { ...smtp, enabled: false });
    expect(await emailChannelProblem(t.app.pushes.settings)).toBe(
      'E-mail: the e-mail channel is switched off, so alarm e-mails are not sent; switch it on in the console under Messaging › E-mail & test send (/msg/verify).',
    );
    await t.app.pushes.settings.save('email', { ...smtp, enabled: true });
    expect(await emailChannelProblem(t.app.pushes.settings)).toBeNull();
  });
});
