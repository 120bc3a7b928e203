// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { fillIn, polyfillBrowser, renderApp, signInThroughApi } from './render-app.tsx';

configure({ asyncUtilTimeout: 20_000 });

/** The hint under each assumption of the preset form, by the field's label. */
function hints() {
  const byLabel: Record<string, string> = {};
  for (const helper of document.querySelectorAll('fieldset [data-scope="field"][data-part="helper-text"]')) {
    const label = helper.parentElement!.querySelector('label')!.textContent.replace(/\*$/, '').trim();
    byLabel[label] = helper.textContent;
  }
  return byLabel;
}

describe('settings and account screens, polish of issue 13, in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    api = await startAppProcess({}, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  async function signedInWithProject() {
    const { account, client, storage } = await signInThroughApi(api, { hasProject: true });
    const created = await client.post<{ id: string; name: string }>('/api/project/create/', { name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } });
    return { account, storage, project: created.body };
  }

  it('gives every assumption one clean hint, the same after a save, and names the default a changed value replaced', async () => {
    const { storage, project } = await signedInWithProject();
    renderApp(`/project/settings/${project.id}/anacostia`, api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Assumptions for Anacostia' });
    const before = hints();
    // 53, and the energy model and array type (PVWatts v8's own fields show once that model is chosen).
    expect(Object.keys(before)).toHaveLength(55);
    for (const hint of Object.values(before)) {
      expect(hint).not.toMatch(/verify|assumption-defaults|\(≈|Source:.*Source:/i);
      expect(hint).toMatch(/^[^—]+ — [^—]+\.$/); // what the value is — where it comes from.
    }
    expect(before['Degradation (% / yr)']).toBe('Median degradation measured in the field — Jordan & Kurtz, 2012.');
    expect(before['Module power (W)']).toBe('Bifacial modules of the 540-620 Wp class — 2024-25 market prices, 2024 (estimate).');

    await fillIn(/^Ground coverage ratio/, '0.35');
    await fillIn(/^Preset name/, 'Anacostia copy');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new preset' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Preset').selectedOptions[0]!.textContent).toBe('Anacostia copy (current)'));

    const after = hints();
    expect(after['Ground coverage ratio']).toBe(`Your value. Built-in default 0.4: ${before['Ground coverage ratio']}`);
    const { ['Ground coverage ratio']: _changed, ...unchanged } = after;
    const { ['Ground coverage ratio']: _default, ...defaults } = before;
    expect(unchanged).toEqual(defaults);
  }, 90_000); // 55 fields filled and read back in jsdom: about 6 s alone, several times that on a loaded machine.

  it('shows the email on the account page as text with how it is used, not as a field that looks editable', async () => {
    const { account, storage } = await signedInWithProject();
    renderApp('/account', api.baseUrl, storage);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^name/i).value).toBe('Asha Planner'));
    expect(screen.queryByRole('textbox', { name: /email/i })).toBeNull();
    const email = screen.getByText('Email', { selector: 'dt' }).closest('dl')!;
    expect(email.querySelector('dd')!.textContent).toBe(account.email);
    expect(email.nextElementSibling!.textContent).toMatch(/you log in with this address.*cannot be changed here/i);
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual(['name', 'company_name']);
  });
});
