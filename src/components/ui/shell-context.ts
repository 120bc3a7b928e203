import { createContext, useContext } from 'react';

/**
 * True inside the signed-in frame (src/app/root-layout.tsx), which already is the page's <main>: panels that also
 * stand alone (status, text pages) then render no second main landmark and no page margins of their own.
 */
export const InShell = createContext(false);

export const useInShell = () => useContext(InShell);
