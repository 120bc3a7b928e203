import { Button } from '@chakra-ui/react';
import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { chooseColorMode, currentColorMode } from './color-mode.ts';

/** Dark mode on or off: a toggle button (aria-pressed) that keeps its name, so screen readers announce the state. */
export function ColorModeToggle() {
  const [mode, setMode] = useState(currentColorMode);
  const dark = mode === 'dark';
  const toggle = () => {
    const next = dark ? 'light' : 'dark';
    chooseColorMode(next);
    setMode(next);
  };
  return (
    <Button variant="ghost" size="sm" justifyContent="flex-start" gap={3} color="fg.muted" aria-pressed={dark} onClick={toggle}>
      {dark ? <Sun size={16} aria-hidden="true" /> : <Moon size={16} aria-hidden="true" />}
      Dark mode
    </Button>
  );
}
