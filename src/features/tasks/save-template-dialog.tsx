import { Button, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Struct } from 'superstruct';
import { toFormErrors, type FormErrors } from '../../../machines/form-errors.ts';
import { AppDialog } from '../../components/ui/app-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { TaskTemplateBody } from '../../contract/tasks.ts';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { isCancelled } from '../../lib/api-client.ts';
import { structRule } from '../../lib/struct-rule.ts';
import { useForm } from '../../lib/use-form.ts';
import { saveTaskTemplate } from './api/tasks.ts';

// The contract's rules for the name, so the field shows the API's own messages (an empty name: 'This is Required.').
const rules = { name: [structRule(TaskTemplateBody.schema.name as Struct<unknown, unknown>)] };

/** Why the API refused the save, when it is not about the name (the field shows that): its detail, or another field's message. */
function otherRefusal(errors: FormErrors | null): string | undefined {
  if (!errors) return undefined;
  return errors.detail ?? Object.entries(errors.fields).find(([field]) => field !== 'name')?.[1][0];
}

/** Saves the project's tasks as a template of the user's, under the name asked for; closes once it is saved. */
export function SaveTemplateDialog({ projectId, taskCount, onClose }: { projectId: string; taskCount: number; onClose: () => void }) {
  const { api } = useActors();
  const notify = useNotify();
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm({ name: '' }, rules, errors?.fields);
  const refusal = otherRefusal(errors);

  // Sent as typed: the API checks the name before it trims it, so "   " gets its message rather than saving as "".
  const save = async ({ name }: { name: string }) => {
    setErrors(null);
    setSaving(true);
    try {
      const template = await saveTaskTemplate(api, { project_id: projectId, name });
      notify(`Template saved: ${template.name} (${template.task_count} ${template.task_count === 1 ? 'task' : 'tasks'})`);
      onClose();
    } catch (error) {
      if (!isCancelled(error)) setErrors(toFormErrors(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog open title="Save as template" onClose={onClose}>
      <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
        <Dialog.Body>
          <Stack gap={4}>
            <Text fontSize="sm" color="fg.muted">
              The project's {taskCount} {taskCount === 1 ? 'task' : 'tasks'} become a template of yours, to apply to any project: each task's title, description, phase, category and why. Due dates,
              assignees and what is done stay with this project.
            </Text>
            <FormField label="Template name" error={form.errorOf('name')} required>
              <Input autoFocus placeholder="e.g. Our utility-scale playbook" {...form.bind('name')} />
            </FormField>
            {refusal && (
              <Text color="fg.error" role="alert">
                {refusal}
              </Text>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={saving}>
            Save template
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  );
}
