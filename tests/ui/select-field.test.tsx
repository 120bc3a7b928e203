// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import { SelectField } from '../../src/components/ui/select-field.tsx';
import { polyfillBrowser } from './render-app.tsx';

const renderUi = (ui: ReactNode) => render(<AppProvider>{ui}</AppProvider>);
const phases = [
  { value: 'site', label: 'Site control' },
  { value: 'permits', label: 'Permits' },
  { value: 'build', label: 'Construction', disabled: true },
];

function ControlledSelect({ hideLabel, error }: { hideLabel?: boolean; error?: string }) {
  const [phase, setPhase] = useState('site');
  return (
    <>
      <SelectField label="Phase" options={phases} value={phase} onChange={setPhase} hideLabel={hideLabel} error={error} helper="Where the task belongs" />
      <output>{phase}</output>
    </>
  );
}

describe('SelectField', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  it('is named by its label, lists its options and reports the chosen value', () => {
    renderUi(<ControlledSelect />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Phase' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Site control', 'Permits', 'Construction']);
    expect(within(select).getByRole<HTMLOptionElement>('option', { name: 'Construction' }).disabled).toBe(true);
    expect(screen.getByText('Where the task belongs')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'permits' } });
    expect(select.value).toBe('permits');
    expect(screen.getByRole('status').textContent).toBe('permits');
  });

  it('shows the error in place of the helper and marks the select invalid', () => {
    renderUi(<ControlledSelect error="Choose a phase." />);
    const select = screen.getByRole('combobox', { name: 'Phase' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a phase.')).toBeTruthy();
    expect(screen.queryByText('Where the task belongs')).toBeNull();
  });

  it('keeps a hidden label as the accessible name without showing it', () => {
    renderUi(<ControlledSelect hideLabel />);
    expect(screen.getByRole('combobox', { name: 'Phase' })).toBeTruthy();
    expect(document.querySelector('label')).toBeNull();
  });
});
