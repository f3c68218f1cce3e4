// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Binding } from '@shared/board/document';
import type { BindingField } from '@boards/widgetDescriptor';
import { widgetRegistry } from '@boards/widgets';
import { choose, renderInConsole } from '../options/renderInConsole.test-util';
import { BindingPicker } from './BindingPicker';

function Harness({
  fields,
  initial,
  errors,
  onChange,
}: {
  fields: readonly BindingField[];
  initial: Binding;
  errors?: Record<string, string>;
  onChange: (next: Binding) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <BindingPicker
      fields={fields}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      {...(errors ? { errors } : {})}
    />
  );
}

const optionRequests = (requests: string[]) => requests.filter((request) => request.endsWith('/options'));

describe('BindingPicker', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('offers only what the gauge reads, meters from the server’s list with code and name', async () => {
    const onChange = vi.fn();
    const { requests } = renderInConsole(<Harness fields={widgetRegistry.get('gauge')!.bindingFields!} initial={{}} onChange={onChange} />);
    expect(screen.getByTestId('binding-meterIds')).toBeTruthy();
    expect(screen.getByTestId('binding-metric')).toBeTruthy();
    for (const field of ['departmentIds', 'subitemIds', 'energyType', 'grain', 'periods']) expect(screen.queryByTestId(`binding-${field}`)).toBeNull();
    await choose('binding-meterIds', 'M012 Boiler feed pump');
    expect(onChange).toHaveBeenLastCalledWith({ meterIds: [12] });
    await choose('binding-metric', 'Voltage (phase average) (V)');
    expect(onChange).toHaveBeenLastCalledWith({ meterIds: [12], metric: 'v' });
    // Only the list the picker offers was asked for.
    expect(optionRequests(requests)).toEqual(['GET /meters/options']);
  });

  it('sets departments from the tree, sub-items, energy type, grain and periods, each list asked once per mount', async () => {
    const onChange = vi.fn();
    const fields: BindingField[] = ['periods', 'grain', 'energyType', 'subitemIds', 'departmentIds'];
    const { requests, rerenderInConsole } = renderInConsole(<Harness fields={fields} initial={{ periods: 7 }} onChange={onChange} />, 'es');
    // The picker's own order, whatever the descriptor's.
    const shown = [...document.querySelectorAll('[data-testid^="binding-"]')].map((node) => node.getAttribute('data-testid'));
    expect([...new Set(shown)]).toEqual(['binding-departmentIds', 'binding-subitemIds', 'binding-energyType', 'binding-grain', 'binding-periods']);
    expect(screen.getByText('Periodos hacia atrás desde ahora')).toBeTruthy();

    await choose('binding-departmentIds', 'Press shop');
    expect(onChange).toHaveBeenLastCalledWith({ periods: 7, departmentIds: [2] });
    await choose('binding-subitemIds', 'Air conditioning');
    await choose('binding-energyType', 'Agua');
    await choose('binding-grain', 'Mes');
    fireEvent.change(screen.getByTestId('binding-periods'), { target: { value: '30' } });
    expect(onChange).toHaveBeenLastCalledWith({ departmentIds: [2], subitemIds: [22], energyType: 'water', grain: 'month', periods: 30 });
    fireEvent.change(screen.getByTestId('binding-periods'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ departmentIds: [2], subitemIds: [22], energyType: 'water', grain: 'month' });

    rerenderInConsole(<Harness fields={fields} initial={{}} onChange={onChange} />);
    await waitFor(() => expect(optionRequests(requests).sort()).toEqual(['GET /departments/options', 'GET /subitems/options']));
  });

  it('bounds periods to 1–400 and shows messages under their field', () => {
    renderInConsole(
      <Harness
        fields={['periods', 'meterIds']}
        initial={{ periods: 3 }}
        errors={{ periods: 'At most 400', 'meterIds.1': 'no meter with id 99' }}
        onChange={() => undefined}
      />,
      'zh',
    );
    const periods = screen.getByTestId('binding-periods');
    expect(periods.getAttribute('aria-valuemin')).toBe('1');
    expect(periods.getAttribute('aria-valuemax')).toBe('400');
    expect(periods.closest('.ant-form-item')!.textContent).toContain('最多为 400');
    expect(screen.getByTestId('binding-meterIds').closest('.ant-form-item')!.textContent).toContain('no meter with id 99');
  });

  it('says so when the widget takes no binding, and asks for nothing', () => {
    const { requests } = renderInConsole(<BindingPicker fields={widgetRegistry.get('clock')!.bindingFields!} value={{}} onChange={() => undefined} />);
    expect(screen.getByText('This widget takes no data binding: its data comes from its options.')).toBeTruthy();
    expect(optionRequests(requests)).toEqual([]);
  });
});
