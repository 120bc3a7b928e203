// Moved to src/lib (features import from src/lib, never from src/app); this re-export goes once every import has moved.
export * from '../lib/actors-context.tsx';
