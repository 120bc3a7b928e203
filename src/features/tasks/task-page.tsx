import { Badge, Button, Card, DataList, Heading, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, CalendarDays, CircleCheck, Circle, FolderKanban, Lightbulb, MapPin, Milestone, SearchCheck, Tag, UserRound, type LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'wouter';
import { useActors } from '../../lib/actors-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import type { Task } from '../../contract/tasks.ts';
import { useResource } from '../../lib/use-resource.ts';
import { projectPath } from '../../lib/project-path.ts';
import { useProject } from '../../lib/use-project.ts';
import { getTask } from './api/tasks.ts';
import { categoryLabel, criterionLabel, formatDueDate, phaseLabel, statusLabel } from './task-format.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** /project/detail/task/{id}/: one task with its phase, category, status, due date, assignee, why, parcel and criterion. */
export function TaskPage({ params }: { params: { id: string } }) {
  const { api } = useActors();
  const { status, data: task } = useResource(params.id, (signal) => getTask(api, params.id, { signal }));
  usePageTitle(task?.title ?? 'Task');
  if (status === 'failed') return <Text>This task does not exist, or it is not yours.</Text>;
  if (!task) return <TaskSkeleton />;
  return <TaskDetail task={task} />;
}

function TaskSkeleton() {
  return (
    <Stack gap={6} maxW="3xl" role="status" aria-busy="true" aria-label="Loading the task">
      <Skeleton h="9" w={{ base: 'full', md: 'md' }} />
      <Skeleton h="4" w="full" />
      <Skeleton h="64" rounded="lg" />
    </Stack>
  );
}

function TaskDetail({ task }: { task: Task }) {
  const { project } = useProject(task.project_id);
  const backHref = project ? `${projectPath(project)}?tab=tasks` : undefined;
  const done = task.status === 'done';
  return (
    <Stack gap={6} maxW="3xl">
      <PageHeader
        title={task.title}
        badge={
          <Badge size="lg" colorPalette={done ? 'green' : 'gray'}>
            <Icon asChild boxSize="3.5">
              {done ? <CircleCheck aria-hidden /> : <Circle aria-hidden />}
            </Icon>
            {statusLabel(task.status)}
          </Badge>
        }
        description={
          task.description && (
            <Text whiteSpace="pre-line" color="fg.muted" mt={2}>
              {task.description}
            </Text>
          )
        }
      />
      <Card.Root size="sm">
        <Card.Body>
          <DataList.Root orientation="horizontal" gap={3} data-testid="task-facts">
            <Fact icon={FolderKanban} label="Project">
              {project ? <RouterLink href={backHref!}>{project.name}</RouterLink> : '…'}
            </Fact>
            <Fact icon={Milestone} label="Phase">
              {phaseLabel(task.phase)}
            </Fact>
            <Fact icon={Tag} label="Category">
              {categoryLabel(task.category)}
            </Fact>
            <Fact icon={CircleCheck} label="Status">
              {done && task.completed_at ? `Done on ${new Date(task.completed_at).toLocaleDateString()}` : statusLabel(task.status)}
            </Fact>
            <Fact icon={CalendarDays} label="Due date">
              {task.due_date ? formatDueDate(task.due_date) : 'None'}
            </Fact>
            <Fact icon={UserRound} label="Assignee">
              {task.assignee_name || 'Nobody yet'}
            </Fact>
            {task.parcel && (
              <Fact icon={MapPin} label="Parcel">
                APN {task.parcel.apn}
              </Fact>
            )}
            {task.criterion && (
              <Fact icon={SearchCheck} label="Screening criterion">
                {criterionLabel(task.criterion)}
              </Fact>
            )}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      {task.why && (
        <Card.Root size="sm" variant="subtle" as="section" aria-labelledby="why-heading">
          <Card.Body gap={2}>
            <HStack gap={2}>
              <Icon asChild boxSize="4" color="brand.fg">
                <Lightbulb aria-hidden />
              </Icon>
              <Heading as="h2" size="md" id="why-heading">
                Why
              </Heading>
            </HStack>
            <Text>{task.why}</Text>
          </Card.Body>
        </Card.Root>
      )}
      {backHref && (
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink href={backHref}>
            <ArrowLeft aria-hidden />
            Back to the project's tasks
          </RouterLink>
        </Button>
      )}
    </Stack>
  );
}

function Fact({ icon: Glyph, label, children }: { icon: LucideIcon; label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW={{ base: '32', sm: '44' }}>
        <HStack gap={2}>
          <Icon asChild boxSize="4" color="fg.muted">
            <Glyph aria-hidden />
          </Icon>
          {label}
        </HStack>
      </DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
