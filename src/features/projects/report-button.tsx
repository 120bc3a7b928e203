import { Button } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { getProjectReport } from './api/projects.ts';
import { saveFile } from '../../lib/save-file.ts';
import { nameSlug } from '../../lib/project-path.ts';

/** Downloads the project's PDF report (project, map, parcels by verdict, reasons, assumptions), dated in the viewer's time zone. */
export function ReportButton({ project }: { project: { id: string; name: string } }) {
  const { api } = useActors();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);

  const download = async () => {
    setLoading(true);
    try {
      const pdf = await getProjectReport(api, project.id);
      saveFile(pdf, `${nameSlug(project.name)}-report.pdf`);
    } catch (error) {
      if (!isCancelled(error)) notify((error as ApiError).detail ?? 'The report could not be made. Please try again.', 'error');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Button size="sm" variant="outline" loading={loading} loadingText="Preparing report" onClick={() => void download()}>
      <FileDown aria-hidden /> Download report
    </Button>
  );
}
