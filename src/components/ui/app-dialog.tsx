import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of the app's dialogs: a title, then the caller's body and footer; closing it (Escape, backdrop) calls onClose. */
export function AppDialog({ open, title, role, onClose, children }: { open: boolean; title: string; role?: 'alertdialog'; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} role={role} scrollBehavior="inside">
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

/** A question an actor asks before a change (delete, make primary): the message, why the last try failed, cancel and confirm. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Why the confirmed change was refused; the dialog stays open with it. */
  error?: string | null;
  confirmLabel: string;
  tone: 'danger' | 'primary';
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AppDialog open={props.open} title={props.title} role="alertdialog" onClose={props.onCancel}>
      <Dialog.Body>
        <Text>{props.message}</Text>
        {props.error && (
          <Text color="fg.error" mt={2} role="alert">
            {props.error}
          </Text>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button colorPalette={props.tone === 'danger' ? 'red' : 'brand'} loading={props.saving} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
