import type { EventObject } from 'xstate';

/** What the delete flow reads: the item waiting for confirmation, set by the 'deleteModal.open' that entered it. */
interface DeleteModalContext {
  deleteModal: { id: string } | null;
}

/**
 * "Confirm, then delete" one item of a list, as the feasibility and task-board machines run it: `confirming` shows
 * the modal, 'deleteModal.cancel' goes back to the machine's idle state and 'deleteModal.confirm' to `saving`, which
 * invokes the machine's delete actor with `{ id }`. A refusal reopens the modal with its errors; once deleted, the
 * machine announces `notice` (read before the item leaves the list), removes the item and goes to `done`. The
 * machine's setup names the actions: `clearModalErrors`, `showModalErrors` ({ error }), `announce` and `remove` ({ id }).
 */
export function confirmDeleteState<TContext extends DeleteModalContext, const TActor extends string, const TRemove extends string, TNotice extends EventObject>(options: {
  description: string;
  /** The machine's idle state, by id: where a cancelled modal goes. */
  idle: string;
  /** The delete actor, by name; it answers 204, nothing to read. */
  actor: TActor;
  /** What the server does when it deletes. */
  saving: string;
  notice: (context: TContext) => TNotice;
  remove: TRemove;
  /** Where a done delete goes, by id. */
  done: string;
}) {
  const deleted = ({ context }: { context: TContext }) => ({ id: context.deleteModal!.id });
  return {
    description: options.description,
    initial: 'confirming',
    states: {
      confirming: {
        description: 'A modal asks the user to confirm the deletion.',
        on: {
          'deleteModal.confirm': { target: 'saving' },
          'deleteModal.cancel': { target: options.idle },
        },
      },
      saving: {
        description: options.saving,
        entry: 'clearModalErrors',
        invoke: {
          id: options.actor,
          src: options.actor,
          input: deleted,
          onDone: {
            target: options.done,
            actions: [
              { type: 'announce', params: ({ context }: { context: TContext }) => options.notice(context) },
              { type: options.remove, params: deleted },
            ],
          },
          onError: { target: 'confirming', actions: { type: 'showModalErrors', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
        },
      },
    },
  } as const;
}
