import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import { askModal, modalMachine, type ModalAnswerEvent, type QuestionModal } from '../../machines/modal.machine.ts';
import { reachedStates, runModelPaths, type ModelEvent } from './support/test-model.ts';

type ModalSnapshot = SnapshotFrom<typeof modalMachine>;

/** An opener that records the answers it gets. */
function createOpener() {
  const answers: ModalAnswerEvent[] = [];
  const ref = createActor(fromCallback<ModalAnswerEvent>(({ receive }) => receive((answer) => void answers.push(answer))), { id: 'opener' }).start();
  return { ref, answers };
}

const modelOpener = createOpener();
const deleteQuestion: QuestionModal = { title: 'Delete project?', message: 'Solar Farm A and its studies will be deleted.', requestId: 'project-42', replyTo: modelOpener.ref };
const confirmQuestion: QuestionModal = { title: 'Leave checkout?', message: 'Your plan is not bought yet.', requestId: null, replyTo: modelOpener.ref };

const events: ModelEvent[] = [
  { type: 'deleteModal.open', question: deleteQuestion },
  { type: 'confirmModal.open', question: confirmQuestion },
  { type: 'settingModal.open', id: 'preset-2' },
  { type: 'modal.answer', confirmed: true },
  { type: 'modal.answer', confirmed: false },
  { type: 'modal.close' },
];

const openSlots = (context: ModalSnapshot['context']) => Object.entries(context).filter(([, value]) => value !== null).map(([key]) => key);
const slotOf: Record<string, string> = {
  idle: '',
  delete: 'delete',
  confirm: 'confirm',
  setting: 'settingId',
};

describe('modal machine', () => {
  const paths = runModelPaths('modal machine', modalMachine, {
    events,
    run: () => {
      const opener = createOpener();
      // The model's events name the model's opener; the system under test answers this path's own opener.
      const withOwnOpener = (event: ModelEvent) => ('question' in event ? { ...event, question: { ...(event.question as QuestionModal), replyTo: opener.ref } } : event);
      const actor = createActor(modalMachine);
      return {
        actor,
        step: (step) => {
          const before = actor.getSnapshot();
          const answersBefore = opener.answers.length;
          actor.send(withOwnOpener(step) as Parameters<typeof actor.send>[0]);
          // A question that closes, however it closes, answers once: true only for a "yes".
          const question = before.matches('delete') ? before.context.delete : before.matches('confirm') ? before.context.confirm : null;
          if (question) {
            expect(opener.answers.slice(answersBefore)).toEqual([
              {
                type: 'modal.answered',
                kind: before.value,
                requestId: question.requestId,
                confirmed: step.type === 'modal.answer' && step.confirmed === true,
              },
            ]);
          } else {
            expect(opener.answers).toHaveLength(answersBefore);
          }
        },
        start: () => actor.start(),
        check: (expected) => {
          const { value, context } = actor.getSnapshot();
          expect(value).toEqual(expected.value);
          const ownQuestion = (question: QuestionModal | null) => question && { ...question, replyTo: opener.ref };
          expect(context).toEqual({ ...expected.context, delete: ownQuestion(expected.context.delete), confirm: ownQuestion(expected.context.confirm) });
          // Only the open modal's slot holds data.
          expect(openSlots(context)).toEqual(value === 'idle' ? [] : [slotOf[value as string]]);
        },
        cleanup: () => opener.ref.stop(),
      };
    },
  });

  it('reaches every state of the chart', () => {
    expect(reachedStates(paths)).toEqual(Object.keys(modalMachine.root.states).map((state) => JSON.stringify(state)).sort());
  });
});

describe('askModal', () => {
  it('resolves with the answer for callers that are not actors', async () => {
    const modal = createActor(modalMachine).start();
    const answer = askModal(modal, 'delete', { title: 'Delete task?', message: 'This cannot be undone.' });
    expect(modal.getSnapshot().value).toBe('delete');
    modal.send({ type: 'modal.answer', confirmed: true });
    await expect(answer).resolves.toBe(true);

    const dismissed = askModal(modal, 'confirm', { title: 'Discard changes?', message: '' });
    modal.send({ type: 'settingModal.open', id: 'preset-1' });
    await expect(dismissed).resolves.toBe(false);
    expect(modal.getSnapshot().value).toBe('setting');
    modal.stop();
  });
});
