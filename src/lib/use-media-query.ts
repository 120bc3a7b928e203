import { useCallback, useSyncExternalStore } from 'react';

// One MediaQueryList per query, so reading the current match on every render makes nothing new.
const lists = new Map<string, MediaQueryList>();
// Without matchMedia (jsdom) no query matches: screens are laid out as on a phone.
function listOf(query: string): MediaQueryList | undefined {
  if (typeof window.matchMedia !== 'function') return undefined;
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
}

/** Whether a CSS media query matches now, re-rendering when that changes (e.g. '(min-width: 48rem)', Chakra's `md`). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (change: () => void) => {
      const list = listOf(query);
      list?.addEventListener('change', change);
      return () => list?.removeEventListener('change', change);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => listOf(query)?.matches ?? false);
}
