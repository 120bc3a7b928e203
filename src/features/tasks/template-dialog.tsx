import { Badge, Button, Card, Dialog, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LayoutTemplate } from 'lucide-react';
import { useEffect } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import { useResource } from '../../lib/use-resource.ts';
import { listTaskTemplates } from './api/tasks.ts';
import { AppDialog } from '../../components/ui/app-dialog.tsx';
import { useTaskBoardSelector, type TaskBoardRef } from './use-task-board.ts';

/** The built-in and the user's templates; applying one appends its tasks to their phases, and closes the dialog. */
export function TemplateDialog({ board, onClose }: { board: TaskBoardRef; onClose: () => void }) {
  const { api } = useActors();
  const { status, data } = useResource('task templates', (signal) => listTaskTemplates(api, { signal }));
  const templates = data?.results;
  const failed = status === 'failed';
  const view = useTaskBoardSelector(board, (s) => ({
    applying: s.matches({ ready: 'applyingTemplate' }),
    applyingId: s.context.applying?.templateId ?? null,
    canApply: s.can({ type: 'template.apply', templateId: '' }),
    error: s.context.templateErrors ? (s.context.templateErrors.detail ?? Object.values(s.context.templateErrors.fields).flat()[0] ?? 'The template could not be applied.') : null,
  }));

  // The last refusal belongs to the last time the dialog was open.
  useEffect(() => board.send({ type: 'feedback.clear' }), [board]);
  useEffect(() => {
    const subscription = board.on('template.applied', onClose);
    return () => subscription.unsubscribe();
  }, [board, onClose]);

  return (
    <AppDialog open title="Apply a template" onClose={onClose}>
      <Dialog.Body>
        <Stack gap={3}>
          <Text fontSize="sm" color="fg.muted">
            A template adds its tasks at the end of their phases; the tasks already on the board stay.
          </Text>
          {failed && <Text color="fg.error">The templates could not be loaded. Close and try again.</Text>}
          {!templates && !failed && (
            <Stack gap={3} role="status" aria-busy="true" aria-label="Loading the templates">
              <Skeleton h="24" rounded="md" />
              <Skeleton h="24" rounded="md" />
            </Stack>
          )}
          {templates?.map((template) => (
            <Card.Root key={template.id} size="sm" variant="outline">
              <Card.Body>
                <HStack justify="space-between" align="flex-start" gap={3} wrap="wrap">
                  <HStack align="flex-start" gap={3} flex="1" minW="40">
                    <Icon asChild boxSize="5" color="brand.fg" mt={0.5} flexShrink={0}>
                      <LayoutTemplate aria-hidden />
                    </Icon>
                    <Stack gap={1} minW={0}>
                      <Text fontWeight="semibold">{template.name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {template.description}
                      </Text>
                      <HStack gap={2}>
                        <Badge size="sm">{template.task_count} tasks</Badge>
                        {!template.builtin && (
                          <Badge size="sm" colorPalette="brand">
                            Yours
                          </Badge>
                        )}
                      </HStack>
                    </Stack>
                  </HStack>
                  <Button
                    size="sm"
                    colorPalette="brand"
                    aria-label={`Apply ${template.name}`}
                    disabled={!view?.canApply && !(view?.applying && view.applyingId === template.id)}
                    loading={view?.applying && view.applyingId === template.id}
                    onClick={() => board.send({ type: 'template.apply', templateId: template.id })}
                  >
                    Apply
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
          {view?.error && (
            <Text color="fg.error" role="alert">
              {view.error}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
