import type { SeedResult } from './index';

const WIDTH = 58;
const line = (text: string) => `  │ ${text.padEnd(WIDTH - 1)}│\n`;

/**
 * The box printed once when the first start made something that is shown only this time: the admin's
 * generated password, the demo sub-user's, the demo wall's link with its display token. Empty when there
 * is nothing to show (every later start, or passwords chosen through the environment).
 */
export function firstStartBox(seeded: SeedResult, origin: string): string {
  const rows: string[] = [];
  if (seeded.generatedPassword) rows.push('First start: the admin account was created.', '  username: admin', `  password: ${seeded.generatedPassword}`);
  if (seeded.demoUser) {
    rows.push(
      'Demo sub-user (operator role, sees three of the walls):',
      `  username: ${seeded.demoUser.username}`,
      `  password: ${seeded.demoUser.generatedPassword ?? '(DEMO_USER_PASSWORD)'}`,
    );
  }
  if (rows.length === 0 && !seeded.wall) return '';
  if (rows.length > 0) rows.push('Write them down: they are not shown again.');
  const box = `\n  ┌${'─'.repeat(WIDTH)}┐\n${rows.map(line).join('')}  └${'─'.repeat(WIDTH)}┘\n`;
  // The link is longer than the box: printed under it, whole, so it can be copied.
  const wall = seeded.wall ? `  Demo wall display (a playlist of the walls; its token is shown only now):\n  ${origin}${seeded.wall.path}\n` : '';
  return `${rows.length > 0 ? box : '\n'}${wall}\n`;
}
