import { Badge, Button, DataList, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useActors } from '../../app/actors-context.tsx';
import { usePageTitle } from '../../app/use-page-title.ts';
import type { Task } from '../../contract/tasks.ts';
import { isCancelled } from '../../lib/api-client.ts';
import { projectPath } from '../../lib/project-path.ts';
import { useProject } from '../../lib/use-project.ts';
import { getTask } from './api/tasks.ts';
import { categoryLabel, criterionLabel, formatDueDate, phaseLabel, statusLabel } from './task-format.ts';

/** /project/detail/task/{id}/: one task with its phase, category, status, due date, assignee, why, parcel and criterion. */
export function TaskPage({ params }: { params: { id: string } }) {
  const { api } = useActors();
  const [task, setTask] = useState<Task | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getTask(api, params.id, { signal: controller.signal })
      .then(setTask)
      .catch((error: unknown) => !isCancelled(error) && setMissing(true));
    return () => controller.abort();
  }, [api, params.id]);
  usePageTitle(task?.title ?? 'Task');
  if (missing) return <Text>This task does not exist, or it is not yours.</Text>;
  if (!task) return <Spinner aria-label="Loading the task" />;
  return <TaskDetail task={task} />;
}

function TaskDetail({ task }: { task: Task }) {
  const { project } = useProject(task.project_id);
  const backHref = project ? `${projectPath(project)}?tab=tasks` : undefined;
  return (
    <Stack gap={6} maxW="3xl">
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {task.title}
        </Heading>
        <Badge size="lg" colorPalette={task.status === 'done' ? 'green' : 'gray'}>
          {statusLabel(task.status)}
        </Badge>
      </HStack>
      {task.description && <Text whiteSpace="pre-line">{task.description}</Text>}
      <DataList.Root orientation="horizontal" data-testid="task-facts">
        <Fact label="Project">{project ? <RouterLink href={backHref!}>{project.name}</RouterLink> : '…'}</Fact>
        <Fact label="Phase">{phaseLabel(task.phase)}</Fact>
        <Fact label="Category">{categoryLabel(task.category)}</Fact>
        <Fact label="Status">{task.status === 'done' && task.completed_at ? `Done on ${new Date(task.completed_at).toLocaleDateString()}` : statusLabel(task.status)}</Fact>
        <Fact label="Due date">{task.due_date ? formatDueDate(task.due_date) : 'None'}</Fact>
        <Fact label="Assignee">{task.assignee_name || 'Nobody yet'}</Fact>
        {task.parcel && <Fact label="Parcel">APN {task.parcel.apn}</Fact>}
        {task.criterion && <Fact label="Screening criterion">{criterionLabel(task.criterion)}</Fact>}
      </DataList.Root>
      {task.why && (
        <Stack gap={1} as="section" aria-labelledby="why-heading">
          <Heading as="h2" size="md" id="why-heading">
            Why
          </Heading>
          <Text>{task.why}</Text>
        </Stack>
      )}
      {backHref && (
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink href={backHref}>Back to the project's tasks</RouterLink>
        </Button>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
