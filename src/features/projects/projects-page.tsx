import { Badge, Button, ButtonGroup, Card, Heading, HStack, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useActors } from '../../app/actors-context.tsx';
import { ProjectList } from '../../contract/projects.ts';
import { isCancelled } from '../../lib/api-client.ts';
import { projectPath } from '../../lib/project-path.ts';
import { statusLabel } from './project-values.ts';
import { ProjectsMap } from './projects-map.tsx';
import { useAllProjects } from './use-all-projects.ts';

const pageSize = 12;

/** / and /project: the dashboard map of every project, and the list, newest first, searchable by name. */
export function ProjectsPage() {
  const { api } = useActors();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ProjectList | null>(null);
  const [failed, setFailed] = useState(false);
  const everyProject = useAllProjects();

  useEffect(() => {
    const controller = new AbortController();
    // Typing waits a moment so each keystroke does not ask the server.
    const timer = setTimeout(() => {
      api
        .get('/api/project/list/', { query: { search: search.trim() || undefined, page, page_size: pageSize }, struct: ProjectList, signal: controller.signal })
        .then((answer) => {
          setList(answer);
          setFailed(false);
        })
        .catch((error: unknown) => !isCancelled(error) && setFailed(true));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, search, page]);

  const pages = list ? Math.max(1, Math.ceil(list.count / pageSize)) : 1;
  return (
    <Stack gap={6}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h1" size="2xl">
          Projects
        </Heading>
        <Button asChild colorPalette="orange">
          <RouterLink href="/project/add">New project</RouterLink>
        </Button>
      </HStack>
      {everyProject && everyProject.length > 0 && <ProjectsMap projects={everyProject} />}
      <Input
        placeholder="Search projects by name"
        aria-label="Search projects"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        maxW="md"
      />
      {failed && <Text color="fg.error">The projects could not be loaded. Please try again.</Text>}
      {!list && !failed && <Spinner aria-label="Loading projects" />}
      {list && list.results.length === 0 && <Text color="fg.muted">{search ? 'No project matches this name.' : 'No projects yet.'}</Text>}
      {list && (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={4}>
          {list.results.map((project) => (
            <Card.Root key={project.id} asChild>
              <RouterLink href={projectPath(project)}>
                <Card.Body gap={2}>
                  <Card.Title wordBreak="break-word">{project.name}</Card.Title>
                  <HStack gap={2} wrap="wrap">
                    <Badge>{statusLabel(project.status)}</Badge>
                    {project.area && <Badge colorPalette="green">{project.area.ha.toFixed(1)} ha</Badge>}
                    {project.parcel_count > 0 && (
                      <Badge colorPalette="blue">
                        {project.parcel_count} attached parcel{project.parcel_count === 1 ? '' : 's'}
                      </Badge>
                    )}
                  </HStack>
                  {project.location && (
                    <Text fontSize="sm" color="fg.muted">
                      {project.location.lat.toFixed(4)}, {project.location.lng.toFixed(4)}
                    </Text>
                  )}
                </Card.Body>
              </RouterLink>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      {list && pages > 1 && (
        <HStack justify="space-between" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            Page {page} of {pages} ({list.count} projects)
          </Text>
          <ButtonGroup size="sm" variant="outline">
            <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </ButtonGroup>
        </HStack>
      )}
    </Stack>
  );
}
