import { describe, expect, it } from 'vitest';
import { firstStartBox } from './firstStartBox';

describe('firstStartBox', () => {
  it('prints the admin and demo passwords in one box and the wall link whole under it', () => {
    const text = firstStartBox(
      {
        created: true,
        generatedPassword: 'Ab1!ab1!ab1!ab1!ab1!',
        demoUser: { username: 'demo_operator', generatedPassword: 'Cd2$cd2$cd2$cd2$cd2$' },
        wall: { id: 1, path: '/dash/playlist/1?access_token=dsp_x' },
      },
      'http://localhost:8080',
    );
    const lines = text.split('\n');
    expect(lines.filter((line) => line.includes('│')).map((line) => line.length)).toEqual(Array(7).fill(62));
    expect(lines.map((line) => line.trim())).toEqual([
      '',
      '┌──────────────────────────────────────────────────────────┐',
      '│ First start: the admin account was created.              │',
      '│   username: admin                                        │',
      '│   password: Ab1!ab1!ab1!ab1!ab1!                         │',
      '│ Demo sub-user (operator role, sees three of the walls):  │',
      '│   username: demo_operator                                │',
      '│   password: Cd2$cd2$cd2$cd2$cd2$                         │',
      '│ Write them down: they are not shown again.               │',
      '└──────────────────────────────────────────────────────────┘',
      'Demo wall display (a playlist of the walls; its token is shown only now):',
      'http://localhost:8080/dash/playlist/1?access_token=dsp_x',
      '',
      '',
    ]);
  });

  it('names the environment variable for a chosen demo password, and prints nothing on later starts', () => {
    expect(firstStartBox({ created: true, demoUser: { username: 'demo_operator' } }, 'http://h')).toContain('password: (DEMO_USER_PASSWORD)');
    expect(firstStartBox({ created: false }, 'http://h')).toBe('');
  });
});
