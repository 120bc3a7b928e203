import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useActors } from '../../lib/actors-context.tsx';

/** The delete and confirm modals of the modal machine; the answer goes back to whoever asked (askModal). */
export function QuestionDialog() {
  const { modal } = useActors();
  const question = useSelector(modal, (s) => (s.matches('delete') ? { kind: 'delete' as const, ...s.context.delete } : s.matches('confirm') ? { kind: 'confirm' as const, ...s.context.confirm } : null));
  return (
    <Dialog.Root open={!!question} onOpenChange={(details) => !details.open && modal.send({ type: 'modal.close' })} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={3}>
            <Dialog.Header>
              <Dialog.Title>{question?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{question?.message}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => modal.send({ type: 'modal.answer', confirmed: false })}>
                {question?.dismissLabel ?? 'Cancel'}
              </Button>
              <Button colorPalette={question?.kind === 'delete' ? 'red' : 'brand'} onClick={() => modal.send({ type: 'modal.answer', confirmed: true })}>
                {question?.confirmLabel ?? (question?.kind === 'delete' ? 'Delete' : 'Confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
