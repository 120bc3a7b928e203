import { StatusPanel } from '../../components/ui/status-panel.tsx';

export function NotFoundPage() {
  return <StatusPanel title="Page not found" message="There is nothing at this address. It may have moved, or the link may be mistyped." action={{ label: 'Go to Sunplot', href: '/' }} />;
}
