// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { widgetRegistry } from '@boards/widgets';
import { choose, renderInConsole } from './renderInConsole.test-util';
import { SchemaForm, validateOptions } from './SchemaForm';

/** The form as the editor holds it: the options live in the parent, every change comes back as the next value. */
function Harness({
  type,
  initial,
  errors,
  onChange,
}: {
  type: string;
  initial: Record<string, unknown>;
  errors?: Record<string, string>;
  onChange: (next: Record<string, unknown>) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <SchemaForm
      schema={widgetRegistry.get(type)!.options}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      {...(errors ? { errors } : {})}
      widgetType={type}
    />
  );
}

/** The antd form item (label, control, message) around an input. */
const itemOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement;

describe('SchemaForm', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('renders the gauge’s options with their labels and defaults, and emits the whole next options object', async () => {
    const onChange = vi.fn();
    renderInConsole(<Harness type="gauge" initial={{ max: 250 }} onChange={onChange} />);
    for (const label of ['Minimum', 'Maximum', 'Warning band from', 'Alarm band from', 'Bad values are', 'Decimals', 'Unit (empty: the metric’s own)'])
      expect(screen.getByText(label)).toBeTruthy();
    expect((screen.getByTestId('option-min') as HTMLInputElement).value).toBe('0');
    expect((screen.getByTestId('option-max') as HTMLInputElement).value).toBe('250');
    expect(screen.getByTestId('option-digits').getAttribute('aria-valuemax')).toBe('6');
    expect(document.body.textContent).not.toContain('boardFields.');

    fireEvent.change(screen.getByTestId('option-warning'), { target: { value: '180' } });
    expect(onChange).toHaveBeenLastCalledWith({ max: 250, min: 0, warning: 180, alarm: null, direction: 'above', digits: 1, unit: '' });
    await choose('option-direction', 'Below the bands');
    expect(onChange).toHaveBeenLastCalledWith({ max: 250, min: 0, warning: 180, alarm: null, direction: 'below', digits: 1, unit: '' });
    fireEvent.change(screen.getByTestId('option-unit'), { target: { value: 'kW' } });
    expect(onChange.mock.lastCall?.[0]).toMatchObject({ unit: 'kW', direction: 'below' });
  });

  it('shows a message under the field it names, in the reader’s language, and unplaced ones above the form', () => {
    const schema = widgetRegistry.get('gauge')!.options;
    const errors = { ...validateOptions(schema, { min: 10, max: 5 }), '': 'Options from a newer version' };
    renderInConsole(<SchemaForm schema={schema} value={{ min: 10, max: 5 }} onChange={() => undefined} errors={errors} widgetType="gauge" />, 'zh');
    const max = itemOf('option-max');
    expect(max.classList.contains('ant-form-item-has-error')).toBe(true);
    expect(max.textContent).toContain('最大值必须大于最小值');
    expect(itemOf('option-min').classList.contains('ant-form-item-has-error')).toBe(false);
    expect(screen.getByTestId('option-errors').textContent).toBe('Options from a newer version');
    cleanup();

    // A problem inside one control's value (an entry of the chosen kinds) shows under that control.
    renderInConsole(
      <SchemaForm
        schema={widgetRegistry.get('alarm-counters')!.options}
        value={{ kinds: ['total', 'tiles'] }}
        onChange={() => undefined}
        errors={{ 'kinds.1': 'Choose one of the listed values' }}
        widgetType="alarm-counters"
      />,
    );
    expect(itemOf('option-kinds').textContent).toContain('Choose one of the listed values');
    expect(screen.queryByTestId('option-errors')).toBeNull();
  });

  it('edits the mimic’s icons: a meter from the user’s list, add with defaults, remove, and the icon’s message', async () => {
    const onChange = vi.fn();
    const { requests } = renderInConsole(
      <Harness
        type="mimic"
        initial={{ background: '/api/files/plant.png', icons: [{ x: 10, y: 20 }] }}
        errors={{ 'icons.0.meterId': 'Please fill in this field' }}
        onChange={onChange}
      />,
      'es',
    );
    expect(screen.getByText('Iconos de dispositivos')).toBeTruthy();
    expect((screen.getByTestId('option-icons.0.x') as HTMLInputElement).value).toBe('10');
    expect((screen.getByTestId('option-icons.0.metric') as HTMLInputElement).value).toBe('kw');
    const meter = itemOf('option-icons.0.meterId');
    expect(meter.classList.contains('ant-form-item-has-error')).toBe(true);
    expect(meter.textContent).toContain('Rellene este campo');

    await choose('option-icons.0.meterId', 'M012 Boiler feed pump');
    expect(onChange).toHaveBeenLastCalledWith({
      background: '/api/files/plant.png',
      fit: 'contain',
      icons: [{ x: 10, y: 20, label: '', metric: 'kw', digits: 1, meterId: 12 }],
    });

    fireEvent.click(screen.getByTestId('option-icons-add'));
    expect(onChange.mock.lastCall?.[0].icons).toEqual([
      { x: 10, y: 20, label: '', metric: 'kw', digits: 1, meterId: 12 },
      { x: 50, y: 50, label: '', metric: 'kw', digits: 1 },
    ]);
    fireEvent.change(screen.getByTestId('option-icons.1.label'), { target: { value: 'Boiler' } });
    fireEvent.click(screen.getByTestId('option-icons.0-remove'));
    expect(onChange.mock.lastCall?.[0].icons).toEqual([{ x: 50, y: 50, label: 'Boiler', metric: 'kw', digits: 1 }]);
    expect(screen.queryByTestId('option-icons.1.label')).toBeNull();
    // The meter list was asked once for the whole form, however many icons asked for it.
    expect(requests.filter((request) => request === 'GET /meters/options')).toEqual(['GET /meters/options']);
  });

  it('edits switches, ordered choices, colours and department ids with their own controls', async () => {
    const onChange = vi.fn();
    renderInConsole(
      <>
        <Harness type="text" initial={{ text: 'Main site' }} onChange={onChange} />
        <Harness type="alarm-counters" initial={{ kinds: ['error'] }} onChange={onChange} />
      </>,
    );
    fireEvent.change(screen.getByTestId('option-color'), { target: { value: '#FF8800' } });
    expect(onChange.mock.lastCall?.[0]).toEqual({ text: 'Main site', variant: 'heading', fontSize: 32, align: 'left', color: '#FF8800' });
    fireEvent.change(screen.getByTestId('option-color-swatch'), { target: { value: '#00aa55' } });
    expect(onChange.mock.lastCall?.[0].color).toBe('#00aa55');
    await choose('option-kinds', 'Offline devices');
    // The order chosen is the order the wall shows.
    expect(onChange).toHaveBeenLastCalledWith({ kinds: ['error', 'offline'] });
    cleanup();

    renderInConsole(<Harness type="scene-3d" initial={{}} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('option-tour'));
    expect(onChange).toHaveBeenLastCalledWith({ tour: false, lapSeconds: 240, showLabels: true, departmentIds: [] });
    await waitFor(() => expect(screen.getByTestId('option-departmentIds').closest('.ant-select')).toBeTruthy());
    await choose('option-departmentIds', 'Press shop');
    expect(onChange.mock.lastCall?.[0].departmentIds).toEqual([2]);
  });
});
