import { Badge, Button } from '@chakra-ui/react';
import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { chooseColorMode, currentColorMode } from './color-mode.ts';

/**
 * Dark mode on or off: a toggle button (aria-pressed) that keeps its accessible name, so screen readers announce the
 * state, and shows it as On or Off beside the name for everyone else.
 */
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
      <Badge aria-hidden="true" size="sm" variant={dark ? 'solid' : 'outline'} colorPalette={dark ? 'brand' : 'gray'} ms="auto">
        {dark ? 'On' : 'Off'}
      </Badge>
    </Button>
  );
}
