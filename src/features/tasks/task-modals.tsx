import { Button, Dialog, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { findTask } from '../../../machines/task-board.machine.ts';
import { AppDialog, ConfirmDialog } from '../../components/ui/app-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { taskCategories, taskPhases } from '../../contract/tasks.ts';
import { useTaskBoardSelector, type TaskBoardRef } from './use-task-board.ts';

/** The task-board actor's two modals: the task form (spec §3 task modal: category, last_task, show, id) and the delete confirmation. */
export function TaskModals({ board }: { board: TaskBoardRef }) {
  const view = useTaskBoardSelector(board, (s) => ({
    showTask: s.matches({ ready: 'taskModal' }),
    modal: s.context.taskModal,
    deleting: s.matches({ ready: 'deleting' }),
    deleteSaving: s.matches({ ready: { deleting: 'saving' } }),
    deleteTitle: s.context.deleteModal && findTask(s.context.board, s.context.deleteModal.id)?.title,
    errors: s.context.modalErrors,
  }));
  if (!view) return null;
  const send = board.send;
  const detail = view.errors?.detail ?? undefined;
  return (
    <>
      {view.showTask && view.modal && <TaskFormDialog key={view.modal.id ?? 'new'} board={board} />}
      <ConfirmDialog
        open={view.deleting}
        title="Delete task?"
        message={`“${view.deleteTitle}” will be deleted. This cannot be undone.`}
        error={detail}
        confirmLabel="Delete"
        tone="danger"
        saving={view.deleteSaving}
        onConfirm={() => send({ type: 'deleteModal.confirm' })}
        onCancel={() => send({ type: 'deleteModal.cancel' })}
      />
    </>
  );
}

/** Create (modal id null: the phase of `last_task`, the modal's category) or edit the modal's task. */
function TaskFormDialog({ board }: { board: TaskBoardRef }) {
  const view = useTaskBoardSelector(board, (s) => {
    const modal = s.context.taskModal;
    return {
      id: modal?.id ?? null,
      task: findTask(s.context.board, modal?.id),
      lastTask: findTask(s.context.board, modal?.last_task),
      category: modal?.category ?? null,
      saving: s.matches({ ready: { taskModal: 'creating' } }) || s.matches({ ready: { taskModal: 'saving' } }),
      errors: s.context.modalErrors,
    };
  })!;
  const { task } = view;
  const [values, setValues] = useState(() => ({
    title: task?.title ?? '',
    description: task?.description ?? '',
    phase: task?.phase ?? view.lastTask?.phase ?? taskPhases[0].value,
    category: task?.category ?? view.category ?? 'other',
    due_date: task?.due_date ?? '',
    assignee_name: task?.assignee_name ?? '',
  }));
  const choose = (field: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => choose(field)(event.target.value);
  const fieldError = (field: string) => view.errors?.fields[field]?.[0];
  const cancel = () => board.send({ type: 'taskModal.cancel' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.id === null) {
      board.send({ type: 'task.create', task: { ...values, due_date: values.due_date || null } });
    } else {
      board.send({ type: 'task.edit', task: { id: view.id, ...values, due_date: values.due_date || null } });
    }
  };

  return (
    <AppDialog open title={view.id === null ? 'New task' : 'Edit task'} onClose={cancel}>
      <form onSubmit={submit} noValidate>
        <Dialog.Body>
          <Stack gap={4}>
            <FormField label="Title" error={fieldError('title')} required>
              <Input autoFocus value={values.title} maxLength={200} onChange={set('title')} />
            </FormField>
            <SelectField label="Phase" error={fieldError('phase')} options={taskPhases} value={values.phase} onChange={choose('phase')} />
            <SelectField label="Category" error={fieldError('category')} options={taskCategories} value={values.category} onChange={choose('category')} />
            <FormField label="Due date" error={fieldError('due_date')}>
              <Input type="date" value={values.due_date} onChange={set('due_date')} />
            </FormField>
            <FormField label="Assignee" error={fieldError('assignee_name')}>
              <Input value={values.assignee_name} maxLength={100} onChange={set('assignee_name')} />
            </FormField>
            <FormField label="Description" error={fieldError('description')}>
              <Textarea rows={3} value={values.description} maxLength={5000} onChange={set('description')} />
            </FormField>
            {view.errors?.detail && (
              <Text color="fg.error" role="alert">
                {view.errors.detail}
              </Text>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={view.saving}>
            {view.id === null ? 'Add task' : 'Save'}
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  );
}
