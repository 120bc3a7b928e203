import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Box, Button, Checkbox, Heading, HStack, Icon, IconButton, Link, Portal, Progress, SimpleGrid, Skeleton, Stack, Tag, Text, Tooltip, VisuallyHidden } from '@chakra-ui/react';
import { BookmarkPlus, CalendarDays, ClipboardList, GripVertical, LayoutTemplate, Pencil, Plus, Trash2, UserRound } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { findTask } from '../../../machines/task-board.machine.ts';
import type { ProjectDetail } from '../../contract/projects.ts';
import { taskCategories, type Task, type TaskCategory, type TaskPhase } from '../../contract/tasks.ts';
import { categoryLabel, formatDueDate, phaseLabel, taskPath } from './task-format.ts';
import { dropPlaceWords, dropTarget, dropY, type DropData } from './task-drop.ts';
import { TaskModals } from './task-modals.tsx';
import { SaveTemplateDialog } from './save-template-dialog.tsx';
import { TemplateDialog } from './template-dialog.tsx';
import { useTaskBoard, useTaskBoardSelector, type TaskBoardRef } from './use-task-board.ts';
import { SelectField } from '../../components/ui/select-field.tsx';
import { EmptyPanel } from '../../components/ui/empty-panel.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { useLeaveWarning } from '../../lib/use-leave-warning.ts';

type StatusFilter = '' | Task['status'];
const filterWidth = { base: 'full', sm: '48' };
interface Filters {
  category: '' | TaskCategory;
  status: StatusFilter;
}

/** The project's task board: one column per phase with its progress, filters, drag and drop (pointer and keyboard), templates. */
export function TasksSection({ project }: { project: ProjectDetail }) {
  const board = useTaskBoard(project.id);
  const view = useTaskBoardSelector(board, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    loadError: s.context.loadErrors?.detail,
    count: s.context.board?.count ?? 0,
    lastTaskId: s.context.board?.phases.flatMap((phase) => phase.tasks).at(-1)?.id ?? null,
    canCreate: s.can({ type: 'taskModal.open', id: null, category: null, last_task: null }),
    canApply: s.can({ type: 'template.apply', templateId: '' }),
  }));
  // A move or a tick shows at once; reloading before the server has it would lose it without a word.
  useLeaveWarning(useTaskBoardSelector(board, (s) => s.hasTag('unsaved')) ?? false);
  const [filters, setFilters] = useState<Filters>({ category: '', status: '' });
  const [choosingTemplate, setChoosingTemplate] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);

  return (
    <Stack gap={3} as="section" aria-labelledby="tasks-heading">
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Text as="h2" id="tasks-heading" fontSize="xl" fontWeight="semibold">
          Tasks
        </Text>
        <HStack gap={2} wrap="wrap">
          <SaveTemplateButton taskCount={view && !view.loading && !view.failed ? view.count : null} onClick={() => setSavingTemplate(true)} />
          <Button size="sm" variant="outline" onClick={() => setChoosingTemplate(true)} disabled={!view?.canApply}>
            <LayoutTemplate aria-hidden />
            Apply template
          </Button>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!view?.canCreate}
            onClick={() => board?.send({ type: 'taskModal.open', id: null, category: filters.category || null, last_task: view?.lastTaskId ?? null })}
          >
            <Plus aria-hidden />
            New task
          </Button>
        </HStack>
      </HStack>
      <HStack gap={3} wrap="wrap" align="flex-end">
        <SelectField
          hideLabel
          size="sm"
          width={filterWidth}
          label="Filter by category"
          value={filters.category}
          onChange={(category) => setFilters((current) => ({ ...current, category: category as Filters['category'] }))}
          options={[{ value: '', label: 'All categories' }, ...taskCategories]}
        />
        <SelectField
          hideLabel
          size="sm"
          width={filterWidth}
          label="Filter by status"
          value={filters.status}
          onChange={(status) => setFilters((current) => ({ ...current, status: status as StatusFilter }))}
          options={[
            { value: '', label: 'Open and done' },
            { value: 'open', label: 'Open' },
            { value: 'done', label: 'Done' },
          ]}
        />
      </HStack>
      {(!view || view.loading) && <BoardSkeleton />}
      {view?.failed && (
        <LoadFailed detail={view.loadError ?? 'The tasks could not be loaded.'} onRetry={() => board?.send({ type: 'board.retry' })} />
      )}
      {view && !view.loading && !view.failed && view.count === 0 && (
        <EmptyPanel
          icon={<ClipboardList aria-hidden />}
          title="No task yet"
          description="Apply a template for a utility-scale or rooftop project to get every phase's tasks at once, or add tasks one by one."
        >
          <Button size="sm" colorPalette="brand" onClick={() => setChoosingTemplate(true)} disabled={!view.canApply}>
            <LayoutTemplate aria-hidden />
            Choose a template
          </Button>
        </EmptyPanel>
      )}
      {board && <Board board={board} filters={filters} />}
      {board && <TaskModals board={board} />}
      {board && choosingTemplate && <TemplateDialog board={board} onClose={() => setChoosingTemplate(false)} />}
      {savingTemplate && <SaveTemplateDialog projectId={project.id} taskCount={view?.count ?? 0} onClose={() => setSavingTemplate(false)} />}
    </Stack>
  );
}

const noTasksToSave = 'Add tasks first: a template is made of the project’s tasks.';

/**
 * Opens the save-as-template dialog. Disabled until the board is loaded (`taskCount` null), and while it has no tasks,
 * which it then says on hover and to screen readers.
 */
function SaveTemplateButton({ taskCount, onClick }: { taskCount: number | null; onClick: () => void }) {
  const reasonId = useId();
  const disabled = !taskCount;
  const button = (
    // A disabled button gets no pointer events in some browsers: the wrapper below takes the hover for the tooltip.
    <Button size="sm" variant="outline" onClick={onClick} disabled={disabled} aria-describedby={taskCount === 0 ? reasonId : undefined} pointerEvents={disabled ? 'none' : undefined}>
      <BookmarkPlus aria-hidden />
      Save as template
    </Button>
  );
  if (taskCount !== 0) return button;
  return (
    <Tooltip.Root openDelay={200}>
      <Tooltip.Trigger asChild>
        <Box as="span" display="inline-flex" cursor="not-allowed">
          {button}
          <VisuallyHidden id={reasonId}>{noTasksToSave}</VisuallyHidden>
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{noTasksToSave}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/** Columns of placeholder cards while the board loads. */
function BoardSkeleton() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={3} role="status" aria-busy="true" aria-label="Loading the tasks">
      {Array.from({ length: 3 }, (_, column) => (
        <Stack key={column} gap={2} p={3} borderWidth="1px" rounded="lg" bg="bg.subtle">
          <Skeleton h="5" w="32" />
          <Skeleton h="1.5" />
          {Array.from({ length: 3 - column }, (_, card) => (
            <Skeleton key={card} h="20" rounded="md" />
          ))}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const columnId = (phase: TaskPhase) => `phase:${phase}`;

/** Over a task in preference to the column around it; the keyboard (no pointer) goes by the closest corners. */
const collisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length > 0) {
    const tasks = hits.filter((hit) => !String(hit.id).startsWith('phase:'));
    return tasks.length > 0 ? tasks : hits;
  }
  return closestCorners(args);
};

function Board({ board, filters }: { board: TaskBoardRef; filters: Filters }) {
  const data = useTaskBoardSelector(board, (s) => s.context.board) ?? null;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const visible = useMemo(
    () =>
      data?.phases.map((phase) => ({
        ...phase,
        shown: phase.tasks.filter((task) => (!filters.category || task.category === filters.category) && (!filters.status || task.status === filters.status)),
      })) ?? [],
    [data, filters],
  );

  const announcements = useMemo<Announcements>(() => {
    const titleOf = (id: string | number) => findTask(data, String(id))?.title ?? 'The task';
    return {
      onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
      onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is ${dropPlaceWords(data, active, over)}.` : `${titleOf(active.id)} is not over a phase.`),
      onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} was dropped ${dropPlaceWords(data, active, over)}.` : `${titleOf(active.id)} was put back.`),
      onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled; it is back in its place.`,
    };
  }, [data]);

  if (!data) return null;

  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    const task = findTask(data, String(active.id));
    if (!task || !over) return;
    const target = dropTarget(data, task, over, dropY(event));
    // The board's chart decides whether the move is one (its guard is the server's rule); a drop in place sends nothing.
    if (target && board.getSnapshot().can({ type: 'task.reorder', ...target, id: task.id })) board.send({ type: 'task.reorder', ...target, id: task.id });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To move a task, press space or enter on its handle, move it with the arrow keys within its phase or to another phase, then press space or enter to drop it, or escape to cancel.',
        },
      }}
    >
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={3} data-testid="task-board">
        {visible.map((phase) => (
          <PhaseColumn key={phase.value} board={board} phase={phase.value} done={phase.done} total={phase.total} tasks={phase.shown} />
        ))}
      </SimpleGrid>
    </DndContext>
  );
}

function PhaseColumn({ board, phase, done, total, tasks }: { board: TaskBoardRef; phase: TaskPhase; done: number; total: number; tasks: Task[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(phase), data: { type: 'phase', phase } satisfies DropData });
  const label = phaseLabel(phase);
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <Stack
      as="section"
      aria-label={label}
      ref={setNodeRef}
      gap={3}
      p={3}
      borderWidth="1px"
      borderColor={isOver ? 'brand.emphasized' : 'border'}
      rounded="lg"
      bg={isOver ? 'brand.subtle' : 'bg.subtle'}
      minW={0}
      data-testid="phase-column"
    >
      <Stack gap={2}>
        <HStack justify="space-between" gap={2}>
          <Heading as="h3" size="sm">
            {label}
          </Heading>
          <Badge size="sm" variant={total > 0 && done === total ? 'solid' : 'subtle'} colorPalette={total > 0 && done === total ? 'green' : 'gray'} data-testid="phase-progress">
            {done} of {total} done
          </Badge>
        </HStack>
        <Progress.Root value={percent} size="xs" colorPalette="green" aria-label={`${label} progress`}>
          <Progress.Track bg="bg.emphasized">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>
      <SortableContext id={phase} items={tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={2} minH="12" as="ul" listStyleType="none" aria-label={`${label} tasks`}>
          {tasks.map((task) => (
            <TaskCard key={task.id} board={board} task={task} />
          ))}
          {tasks.length === 0 && (
            <Box as="li" p={3} borderWidth="1px" borderStyle="dashed" rounded="md" fontSize="sm" color="fg.muted" textAlign="center">
              {total === 0 ? 'No tasks in this phase. Drop one here.' : 'No task matches the filters.'}
            </Box>
          )}
        </Stack>
      </SortableContext>
    </Stack>
  );
}

function TaskCard({ board, task }: { board: TaskBoardRef; task: Task }) {
  const can = useTaskBoardSelector(board, (s) => ({
    move: s.matches({ ready: 'idle' }),
    complete: s.can({ type: 'task.complete', id: task.id }),
    edit: s.can({ type: 'taskModal.open', id: task.id, category: task.category, last_task: null }),
    remove: s.can({ type: 'deleteModal.open', id: task.id }),
  }));
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { type: 'task', task } satisfies DropData,
    disabled: !can?.move,
  });
  const done = task.status === 'done';
  return (
    <Box
      as="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 10 : undefined}
      boxShadow={isDragging ? 'lg' : 'xs'}
      bg="bg.panel"
      borderWidth="1px"
      borderColor={isDragging ? 'brand.emphasized' : 'border'}
      rounded="md"
      py={2}
      ps={1}
      pe={2}
      _hover={{ borderColor: 'border.emphasized' }}
      data-testid="task-card"
    >
      <HStack align="flex-start" gap={1.5}>
        <IconButton
          ref={setActivatorNodeRef}
          size="xs"
          variant="ghost"
          color="fg.muted"
          cursor={can?.move ? 'grab' : 'default'}
          aria-label={`Move ${task.title}`}
          {...attributes}
          {...listeners}
          style={{ touchAction: 'none' }}
        >
          <GripVertical aria-hidden />
        </IconButton>
        <Checkbox.Root size="sm" mt={1.5} colorPalette="green" checked={done} disabled={!can?.complete} onCheckedChange={() => board.send({ type: 'task.complete', id: task.id })}>
          <Checkbox.HiddenInput aria-label={`Done: ${task.title}`} />
          <Checkbox.Control />
        </Checkbox.Root>
        <Stack gap={2} flex="1" minW={0} pt={0.5}>
          <Link
            asChild
            fontWeight="semibold"
            fontSize="sm"
            lineHeight="short"
            color={done ? 'fg.muted' : 'fg'}
            textDecoration={done ? 'line-through' : 'none'}
            _hover={{ textDecoration: done ? 'line-through' : 'underline' }}
            overflowWrap="anywhere"
          >
            <RouterLink href={taskPath(task.id)}>{task.title}</RouterLink>
          </Link>
          <HStack gap={3} wrap="wrap" fontSize="xs" color="fg.muted">
            <Tag.Root size="sm" variant="surface" colorPalette="brand">
              <Tag.Label>{categoryLabel(task.category)}</Tag.Label>
            </Tag.Root>
            {task.due_date && (
              <HStack gap={1}>
                <Icon asChild boxSize="3.5">
                  <CalendarDays aria-hidden />
                </Icon>
                <Text as="span">Due {formatDueDate(task.due_date)}</Text>
              </HStack>
            )}
            {task.assignee_name && (
              <HStack gap={1} minW={0}>
                <Icon asChild boxSize="3.5">
                  <UserRound aria-hidden />
                </Icon>
                <Text as="span" truncate>
                  {task.assignee_name}
                </Text>
              </HStack>
            )}
          </HStack>
        </Stack>
        <HStack gap={0} flexShrink={0}>
          <IconButton size="2xs" variant="ghost" color="fg.muted" disabled={!can?.edit} onClick={() => board.send({ type: 'taskModal.open', id: task.id, category: task.category, last_task: null })} aria-label={`Edit ${task.title}`}>
            <Pencil aria-hidden />
          </IconButton>
          <IconButton size="2xs" variant="ghost" colorPalette="red" color="fg.muted" _hover={{ color: 'fg.error' }} disabled={!can?.remove} onClick={() => board.send({ type: 'deleteModal.open', id: task.id })} aria-label={`Delete ${task.title}`}>
            <Trash2 aria-hidden />
          </IconButton>
        </HStack>
      </HStack>
    </Box>
  );
}
