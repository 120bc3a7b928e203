// Moved to src/lib; this re-export goes once every import has moved.
export * from '../lib/use-page-title.ts';
