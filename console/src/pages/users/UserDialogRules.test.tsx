// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import { renderConsole } from '../../testing/renderConsole.test-util';
import { admin, usersServer } from './usersFixtures.test-util';
import { expectFieldError, fieldError, FIRST_PAINT, leaveSelect, typeAndLeave } from './usersTestActions.test-util';

async function openCreate(user: UserInfo = admin, language: 'en' | 'zh' = 'en') {
  const sent: string[] = [];
  renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(user, sent), language });
  fireEvent.click(await screen.findByTestId('users-add', {}, FIRST_PAINT));
  await screen.findByTestId('user-dialog');
  return sent;
}

describe('user dialog rules, each on blur (spec §5)', { timeout: 90_000 }, () => {
  afterEach(cleanup);

  it('checks the username: required, shape, then uniqueness through /users/check', async () => {
    const sent = await openCreate();
    // Nothing is checked while typing: only leaving the field runs the rule.
    fireEvent.change(screen.getByTestId('user-field-username'), { target: { value: 'ab' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(fieldError('username')).toBe('');

    typeAndLeave('username', '');
    await expectFieldError('username', 'Please enter a username');
    typeAndLeave('username', 'ab');
    await expectFieldError('username', 'Username must be 5 to 50 letters, digits or underscores, or an e-mail address');
    typeAndLeave('username', 'has space');
    await expectFieldError('username', 'Username must be 5 to 50 letters, digits or underscores, or an e-mail address');
    typeAndLeave('username', 'taken_name');
    await expectFieldError('username', 'This username is already taken');
    expect(sent).toContain('GET /users/check?username=taken_name null');
    // E-mail-shaped usernames pass the shape rule.
    typeAndLeave('username', 'ops@plant.cn');
    await expectFieldError('username', '');
    typeAndLeave('username', 'free_name');
    await expectFieldError('username', '');
    // A badly shaped name never reaches the server.
    expect(sent.filter((line) => line.startsWith('GET /users/check?username=')).map((line) => line.split(' ')[1])).toEqual([
      '/users/check?username=taken_name',
      '/users/check?username=ops%40plant.cn',
      '/users/check?username=free_name',
    ]);
  });

  it('checks the e-mail, the true name, the passwords and the roles', async () => {
    await openCreate();
    typeAndLeave('email', '');
    await expectFieldError('email', 'Please enter an e-mail address');
    typeAndLeave('email', 'not-an-email');
    await expectFieldError('email', 'Please enter a valid e-mail address');
    typeAndLeave('email', 'used@plant.cn');
    await expectFieldError('email', 'This mailbox has been registered!');
    typeAndLeave('email', 'new@plant.cn');
    await expectFieldError('email', '');

    typeAndLeave('trueName', '   ');
    await expectFieldError('trueName', 'Please enter your name');

    typeAndLeave('password', '');
    await expectFieldError('password', 'Please enter a password');
    const format =
      'Password must be 8 to 20 characters with an uppercase letter, a lowercase letter, a digit and one of ! $ # % @ & *, and no other characters';
    for (const weak of ['Sh0rt!', 'alllower1!', 'NoDigits!!', 'NoSymbol11', 'Dot.in.it1!', 'A'.repeat(19) + 'a1!']) {
      typeAndLeave('password', weak);
      await expectFieldError('password', format);
    }
    typeAndLeave('password', 'Meter#2026x');
    await expectFieldError('password', '');

    typeAndLeave('repeatPassword', '');
    await expectFieldError('repeatPassword', 'Please enter the password again');
    typeAndLeave('repeatPassword', 'Meter#2026y');
    await expectFieldError('repeatPassword', 'Inconsistent password entered twice');
    typeAndLeave('repeatPassword', 'Meter#2026x');
    await expectFieldError('repeatPassword', '');

    leaveSelect('roles');
    await expectFieldError('roles', 'Please choose a role');
  });

  it('checks each push address, the MQTT password and the SMS count', async () => {
    await openCreate();
    typeAndLeave('pushPhones', '13800138000');
    await expectFieldError('pushPhones', '');
    typeAndLeave('pushPhones', '12800138000');
    await expectFieldError('pushPhones', 'Each push phone must be a mainland mobile number (11 digits, starting 13–19)');
    // The bad entry is drawn red; removing it clears the message on the next blur.
    const badTag = screen.getByText('12800138000').closest('.ant-tag');
    expect(badTag?.className).toContain('error');
    fireEvent.click(badTag?.querySelector('.ant-tag-close-icon') as Element);
    fireEvent.blur(screen.getByTestId('user-field-pushPhones'));
    await expectFieldError('pushPhones', '');

    typeAndLeave('pushEmails', 'ops@plant');
    await expectFieldError('pushEmails', 'Each push e-mail must be a valid e-mail address');

    typeAndLeave('mqttPassword', 'weak');
    await expectFieldError(
      'mqttPassword',
      'The MQTT password must be 8 to 20 characters with an uppercase letter, a lowercase letter, a digit and one of ! $ # % @ & *',
    );
    typeAndLeave('mqttPassword', 'Gateway#01');
    await expectFieldError('mqttPassword', '');

    typeAndLeave('smsCount', '200000');
    await expectFieldError('smsCount', 'The SMS count must be a whole number from 0 to 100000');
  });

  it('speaks the reader language: the roles rule in Chinese', async () => {
    await openCreate(admin, 'zh');
    leaveSelect('roles');
    await expectFieldError('roles', '请选择角色');
    typeAndLeave('repeatPassword', 'x');
    typeAndLeave('password', 'Meter#2026x');
    typeAndLeave('repeatPassword', 'Meter#2026y');
    await expectFieldError('repeatPassword', '两次输入的密码不一致');
  });
});
