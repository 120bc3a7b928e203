import { StatusPanel } from '../../components/ui/status-panel.tsx';

/** A project address whose project does not exist or is another user's (the API answers 404 for both, so ids do not leak). */
export function ProjectNotFound() {
  return (
    <StatusPanel
      title="Project not found"
      message="There is no project at this address, or it belongs to another account. It may have been deleted, or the link may be mistyped."
      action={{ label: 'Back to your projects', href: '/project' }}
    />
  );
}
