import { useEffect, useLayoutEffect } from 'react';

const setTitle = (name: string) => {
  document.title = `${name} | Sunplot`;
};

/** Sets the document title in the spec's form 'Name | Sunplot'. */
export function usePageTitle(name: string) {
  useEffect(() => setTitle(name), [name]);
}

/** The route's own title, set before the screens' effects run, so a screen's usePageTitle (a project's name) wins. */
export function useRouteTitle(name: string) {
  useLayoutEffect(() => setTitle(name), [name]);
}
