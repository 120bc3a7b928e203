import { Button } from '@chakra-ui/react';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { isCancelled, type ApiError } from '../../lib/api-client.ts';
import { nameSlug } from '../../lib/project-path.ts';
import { saveFile } from '../../lib/save-file.ts';
import { exportStudyFinance } from './api/studies.ts';

const labels = { xlsx: 'Spreadsheet (XLSX)', csv: 'Cash flows (CSV)' } as const;

/** Downloads the study's finance: a workbook whose cells are formulas of its assumptions, or the yearly rows as CSV. */
export function ExportButtons({ study, projectName }: { study: { id: string; name: string }; projectName: string }) {
  const { api } = useActors();
  const notify = useNotify();
  const [busy, setBusy] = useState<keyof typeof labels | null>(null);

  const download = async (format: keyof typeof labels) => {
    setBusy(format);
    try {
      const file = await exportStudyFinance(api, study.id, format);
      saveFile(file, `${nameSlug(projectName)}-${nameSlug(study.name)}.${format}`);
    } catch (error) {
      if (!isCancelled(error)) notify((error as ApiError).detail ?? 'The export could not be made. Please try again.', 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {(Object.keys(labels) as (keyof typeof labels)[]).map((format) => (
        <Button key={format} size="sm" variant="outline" loading={busy === format} disabled={busy !== null && busy !== format} onClick={() => void download(format)}>
          <FileSpreadsheet aria-hidden /> {labels[format]}
        </Button>
      ))}
    </>
  );
}
