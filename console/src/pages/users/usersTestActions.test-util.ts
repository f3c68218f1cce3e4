import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

// The first render loads the console and its lazy screens: slow in jsdom on a busy machine.
export const FIRST_PAINT = { timeout: 15_000 };

/** The message antd shows under the field holding this test id ('' when none). */
export function fieldError(name: string): string {
  const item = screen.getByTestId(`user-field-${name}`).closest('.ant-form-item');
  return [...(item?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((node) => node.textContent).join(' | ');
}

/** Types into a field and leaves it: the spec's trigger for every rule (§5). */
export function typeAndLeave(name: string, value: string): void {
  const input = screen.getByTestId(`user-field-${name}`);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** Leaves a select without choosing (its search input is what loses focus). */
export function leaveSelect(name: string): void {
  const select = screen.getByTestId(`user-field-${name}`);
  fireEvent.blur(select.querySelector('input') ?? select);
}

/** Picks an option of a select by its label. */
export async function choose(name: string, label: string): Promise<void> {
  const select = screen.getByTestId(`user-field-${name}`);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

export async function expectFieldError(name: string, message: string): Promise<void> {
  await waitFor(() => expect(fieldError(name)).toBe(message));
}
