import { TriangleAlert } from 'lucide-react';
import { StatusPanel } from '../../components/ui/status-panel.tsx';

/** /response/error: where a flow that cannot continue sends the user. The text is fixed, never taken from the URL. */
export function ErrorPage() {
  return (
    <StatusPanel
      icon={TriangleAlert}
      title="Something went wrong"
      message="We could not finish what you asked for. Nothing was charged or lost; please try again in a moment."
      action={{ label: 'Back to Sunplot', href: '/' }}
    />
  );
}
