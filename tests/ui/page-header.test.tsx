// @vitest-environment jsdom
import { Button } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import { PageHeader } from '../../src/components/ui/page-header.tsx';
import { polyfillBrowser } from './render-app.tsx';

const renderUi = (ui: ReactNode) => render(<AppProvider>{ui}</AppProvider>);

describe('PageHeader', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  it('shows one h1 with the title, its badge, description and actions', () => {
    renderUi(<PageHeader icon={Settings} title="Assumptions for Anacostia" badge={<span>Primary</span>} description="Every default cites its source." actions={<Button>Rename</Button>} />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Assumptions for Anacostia' });
    expect(screen.getAllByRole('heading')).toEqual([heading]);
    expect(screen.getByText('Primary')).toBeTruthy();
    expect(screen.getByText('Every default cites its source.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    // The icon is decoration: it adds nothing to the heading's name or the page's text for screen readers.
    expect(document.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves out what it is not given', () => {
    const { container } = renderUi(<PageHeader title="Projects" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Projects');
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelectorAll('p')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

