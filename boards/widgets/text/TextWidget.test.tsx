// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { textWidget } from './descriptor';
import TextWidget from './TextWidget';

const props = (options: unknown, scale = 2) => ({
  options: textWidget.options.parse(options),
  binding: {},
  title: '',
  width: 400,
  height: 100,
  scale,
  theme: { mode: 'dark' as const, accent: '#3aa0ff' },
  channels: [],
  stale: false,
});

describe('text widget', () => {
  afterEach(cleanup);

  it('has defaults and no channels', () => {
    expect(textWidget.options.parse({})).toEqual({ text: '', variant: 'heading', fontSize: 32, align: 'left', color: '' });
    expect(textWidget.channels({ meterIds: [1] }, textWidget.options.parse({}))).toEqual([]);
  });

  it('explains invalid options', () => {
    const result = textWidget.options.safeParse({ fontSize: 4, color: 'red', align: 'justify' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['fontSize', 'At least 8 px'],
      ['align', expect.any(String)],
      ['color', 'Use a colour like #0b1526'],
    ]);
  });

  it('renders markup as plain text at the design size times the scale', () => {
    render(<TextWidget {...props({ text: '<b>Hall A</b>', variant: 'paragraph', fontSize: 20, align: 'center' }, 1.5)} />);
    const element = screen.getByTestId('text-widget');
    expect(element.tagName).toBe('P');
    expect(element.textContent).toBe('<b>Hall A</b>');
    expect(element.querySelector('b')).toBeNull();
    expect(element.style.fontSize).toBe('30px');
    expect(element.style.textAlign).toBe('center');
  });

  it('keeps the text 12 design pixels off its tile edges, scaled with the wall', () => {
    render(<TextWidget {...props({ text: 'Main site — energy overview' }, 2)} />);
    expect(screen.getByTestId('text-widget').parentElement!.style.padding).toBe('0px 24px');
  });
});
