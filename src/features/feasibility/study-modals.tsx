import { Button, Dialog, Input } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { AppDialog, ConfirmDialog } from '../../components/ui/app-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { useFeasibilitySelector, type FeasibilityRef } from './use-feasibility.ts';

/** The feasibility actor's three modals: rename (spec: id, type, name), make primary ("feasibility default") and delete. */
export function StudyModals({ feasibility }: { feasibility: FeasibilityRef }) {
  const view = useFeasibilitySelector(feasibility, (s) => ({
    renaming: s.matches({ ready: 'renaming' }),
    settingPrimary: s.matches({ ready: 'settingPrimary' }),
    deleting: s.matches({ ready: 'deleting' }),
    saving: s.matches({ ready: { renaming: 'saving' } }) || s.matches({ ready: { settingPrimary: 'saving' } }) || s.matches({ ready: { deleting: 'saving' } }),
    rename: s.context.renameModal,
    primaryName: s.context.primaryModal && s.context.studies.find((study) => study.id === s.context.primaryModal!.id)?.name,
    deleteName: s.context.deleteModal && s.context.studies.find((study) => study.id === s.context.deleteModal!.id)?.name,
    errors: s.context.modalErrors,
  }));
  if (!view) return null;
  const send = feasibility.send;
  const detail = view.errors?.detail ?? undefined;

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'renameModal.submit' });
  };

  return (
    <>
      <AppDialog open={view.renaming} title="Rename study" onClose={() => send({ type: 'renameModal.cancel' })}>
        <form onSubmit={submitRename} noValidate>
          <Dialog.Body>
            <FormField label="Name" error={view.errors?.fields.name?.[0] ?? detail} required>
              <Input autoFocus value={view.rename?.name ?? ''} maxLength={100} onChange={(event) => send({ type: 'renameModal.edit', name: event.target.value })} />
            </FormField>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={() => send({ type: 'renameModal.cancel' })}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="brand" loading={view.saving}>
              Rename
            </Button>
          </Dialog.Footer>
        </form>
      </AppDialog>

      <ConfirmDialog
        open={view.settingPrimary}
        title="Make this the primary study?"
        message={`“${view.primaryName}” becomes the project's primary study: the one the report and the project's figures use. The current primary one stays, as an ordinary study.`}
        error={detail}
        confirmLabel="Make primary"
        tone="primary"
        saving={view.saving}
        onConfirm={() => send({ type: 'primaryModal.confirm' })}
        onCancel={() => send({ type: 'primaryModal.cancel' })}
      />
      <ConfirmDialog
        open={view.deleting}
        title="Delete study?"
        message={`“${view.deleteName}”, its results and its plot map will be deleted. This cannot be undone.`}
        error={detail}
        confirmLabel="Delete"
        tone="danger"
        saving={view.saving}
        onConfirm={() => send({ type: 'deleteModal.confirm' })}
        onCancel={() => send({ type: 'deleteModal.cancel' })}
      />
    </>
  );
}
