import { Button, Dialog, Input, Portal, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
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
      <StudyDialog open={view.renaming} title="Rename study" onClose={() => send({ type: 'renameModal.cancel' })}>
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
            <Button type="submit" colorPalette="orange" loading={view.saving}>
              Rename
            </Button>
          </Dialog.Footer>
        </form>
      </StudyDialog>

      <StudyDialog open={view.settingPrimary} title="Make this the primary study?" role="alertdialog" onClose={() => send({ type: 'primaryModal.cancel' })}>
        <Dialog.Body>
          <Text>“{view.primaryName}” becomes the project's primary study: the one the report and the project's figures use. The current primary one stays, as an ordinary study.</Text>
          {detail && (
            <Text color="fg.error" mt={2} role="alert">
              {detail}
            </Text>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => send({ type: 'primaryModal.cancel' })}>
            Cancel
          </Button>
          <Button colorPalette="orange" loading={view.saving} onClick={() => send({ type: 'primaryModal.confirm' })}>
            Make primary
          </Button>
        </Dialog.Footer>
      </StudyDialog>

      <StudyDialog open={view.deleting} title="Delete study?" role="alertdialog" onClose={() => send({ type: 'deleteModal.cancel' })}>
        <Dialog.Body>
          <Text>“{view.deleteName}”, its results and its plot map will be deleted. This cannot be undone.</Text>
          {detail && (
            <Text color="fg.error" mt={2} role="alert">
              {detail}
            </Text>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => send({ type: 'deleteModal.cancel' })}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={view.saving} onClick={() => send({ type: 'deleteModal.confirm' })}>
            Delete
          </Button>
        </Dialog.Footer>
      </StudyDialog>
    </>
  );
}

function StudyDialog({ open, title, role, onClose, children }: { open: boolean; title: string; role?: 'alertdialog'; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} role={role}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={3}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
