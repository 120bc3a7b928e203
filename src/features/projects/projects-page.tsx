import { Badge, Button, Card, Heading, HStack, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useActors } from '../../app/actors-context.tsx';
import { ProjectList } from '../../contract/projects.ts';
import { isCancelled } from '../../lib/api-client.ts';
import { projectPath } from './project-path.ts';

/** / and /project: the user's projects, newest first, searchable by name. */
export function ProjectsPage() {
  const { api } = useActors();
  const [search, setSearch] = useState('');
  const [list, setList] = useState<ProjectList | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get('/api/project/list/', { query: { search: search.trim() || undefined, page_size: 50 }, struct: ProjectList, signal: controller.signal })
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
  }, [api, search]);

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
      <Input placeholder="Search projects by name" aria-label="Search projects" value={search} onChange={(event) => setSearch(event.target.value)} maxW="md" />
      {failed && <Text color="fg.error">The projects could not be loaded. Please try again.</Text>}
      {!list && !failed && <Spinner />}
      {list && list.results.length === 0 && <Text color="fg.muted">{search ? 'No project matches this name.' : 'No projects yet.'}</Text>}
      {list && (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={4}>
          {list.results.map((project) => (
            <Card.Root key={project.id} asChild>
              <RouterLink href={projectPath(project)}>
                <Card.Body gap={2}>
                  <Card.Title>{project.name}</Card.Title>
                  <HStack gap={2} wrap="wrap">
                    <Badge>{project.status.replace('_', ' ')}</Badge>
                    {project.area && <Badge colorPalette="green">{project.area.ha.toFixed(1)} ha</Badge>}
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
      {list && list.count > list.results.length && (
        <Text fontSize="sm" color="fg.muted">
          Showing {list.results.length} of {list.count}; search to narrow down.
        </Text>
      )}
    </Stack>
  );
}
