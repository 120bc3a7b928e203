import { useEffect } from 'react';

/** Sets the document title in the spec's form 'Name | Sunplot'. */
export function usePageTitle(name: string) {
  useEffect(() => {
    document.title = `${name} | Sunplot`;
  }, [name]);
}
