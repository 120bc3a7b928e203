import { useEffect } from 'react';

/**
 * While `unsaved`, reloading or closing the page asks the browser's "Leave site?" first: the screen shows a change the
 * server has not kept yet. Moving within the app loses nothing (the actors outlive the screens), so only unloads ask.
 */
export function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
