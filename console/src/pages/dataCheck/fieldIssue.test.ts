import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n';
import { gatewayCredentialsSchema, quarantineResolveSchema } from '@shared/schemas/energy';
import { fieldIssue, issueText } from './fieldIssue';

const t = createI18n('en').t;

const text = (schema: Parameters<typeof fieldIssue>[0], body: unknown, field: string, prefix: string) => {
  const issue = fieldIssue(schema, body, field);
  return issue ? issueText(t, prefix, issue) : undefined;
};

describe('fieldIssue / issueText', () => {
  it('finds the correct-action refine (energy required) and the lower bound', () => {
    expect(text(quarantineResolveSchema, { action: 'correct' }, 'energy', 'dataQuality.rules')).toBe('Please enter the corrected energy');
    expect(text(quarantineResolveSchema, { action: 'correct', energy: -1 }, 'energy', 'dataQuality.rules')).toBe('Must be at least 0');
    expect(text(quarantineResolveSchema, { action: 'correct', energy: 12.5 }, 'energy', 'dataQuality.rules')).toBeUndefined();
    expect(text(quarantineResolveSchema, { action: 'discard', note: 'x'.repeat(501) }, 'note', 'dataQuality.rules')).toBe('At most 500 characters');
  });

  it("words the gateway credential rules in the reader's language", () => {
    expect(text(gatewayCredentialsSchema, { mqttUsername: 'ab', mqttPassword: 'x' }, 'mqttUsername', 'deviceAdmin.rules')).toBe('At least 3 characters');
    expect(text(gatewayCredentialsSchema, { mqttUsername: 'gw 1', mqttPassword: 'x' }, 'mqttUsername', 'deviceAdmin.rules')).toBe(
      'Letters, digits and . _ @ - only',
    );
    expect(text(gatewayCredentialsSchema, { mqttUsername: 'gw1', mqttPassword: 'short' }, 'mqttPassword', 'deviceAdmin.rules')).toBe('At least 8 characters');
    const zh = createI18n('zh').t;
    const issue = fieldIssue(gatewayCredentialsSchema, { mqttUsername: 'gw1', mqttPassword: 'short' }, 'mqttPassword')!;
    expect(issueText(zh, 'deviceAdmin.rules', issue)).toBe('至少 8 个字符');
  });
});
