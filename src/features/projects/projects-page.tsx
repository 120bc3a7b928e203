import { Badge, Box, Button, ButtonGroup, Card, EmptyState, Grid, HStack, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FolderKanban, FolderPlus, LandPlot, MapPin, Plus, Search, SearchX, SunMedium, Zap } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useActors } from '../../lib/actors-context.tsx';
import type { ProjectLimit } from '../../contract/billing.ts';
import type { Portfolio, ProjectListItem } from '../../contract/projects.ts';
import { pause, useResource } from '../../lib/use-resource.ts';
import { checkProjectLimit, getPortfolio, listProjects } from './api/projects.ts';
import { projectPath } from '../../lib/project-path.ts';
import { formatInteger, formatLatLng } from '../../lib/number-format.ts';
import { annualEnergyText, dcSizeText, hectaresText } from './figures.ts';
import { statusLabel, statusPalette } from './project-values.ts';
import { ProjectsMap } from './projects-map.tsx';
import { StatCard } from './stat-card.tsx';
import { ProjectLimitReached, ProjectUsage } from './project-limit.tsx';
import { matchingProjects, useAllProjects } from './use-all-projects.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { EmptyPanel } from '../../components/ui/empty-panel.tsx';

const pageSize = 12;
// Map and list share one height on wide screens, the list scrolling inside it; on phones they stack.
const paneHeight = '600px';

/** / and /project: portfolio totals, then the map of the projects the search matches beside their list. */
export function ProjectsPage() {
  const [search, setSearch] = useState('');
  const everyProject = useAllProjects();
  const onMap = useMemo(() => (everyProject ? matchingProjects(everyProject, search) : []), [everyProject, search]);
  const { api } = useActors();
  // Until it answers (or if it fails) "New project" stays a link: the server refuses a create past the limit anyway.
  const allowance = useResource('project limit', (signal) => checkProjectLimit(api, { signal })).data;

  return (
    <Stack gap={6}>
      <PageHeader title="Projects" description="Your sites, their totals and the studies that size them." actions={<NewProject allowance={allowance} />} />
      {allowance && !allowance.allowed && <ProjectLimitReached detail={allowance.detail} />}
      <PortfolioTotals />
      {everyProject?.length === 0 ? (
        <NoProjects />
      ) : (
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(22rem, 2fr)' }} gap={5} alignItems="start">
          <Box position={{ lg: 'sticky' }} top={{ lg: 4 }}>
            {everyProject ? <ProjectsMap projects={onMap} height={{ base: '260px', md: '360px', lg: paneHeight }} /> : <Skeleton h={{ base: '260px', md: '360px', lg: paneHeight }} rounded="l3" />}
          </Box>
          <ProjectListPane search={search} onSearch={setSearch} />
        </Grid>
      )}
    </Stack>
  );
}

/** "New project", with the plan's usage beside it when the plan has a limit; at the limit the button is off. */
function NewProject({ allowance }: { allowance: ProjectLimit | undefined }) {
  return (
    <>
      <ProjectUsage allowance={allowance} />
      {allowance && !allowance.allowed ? (
        <Button colorPalette="brand" disabled>
          <Plus aria-hidden /> New project
        </Button>
      ) : (
        <Button asChild colorPalette="brand">
          <RouterLink href="/project/add">
            <Plus aria-hidden /> New project
          </RouterLink>
        </Button>
      )}
    </>
  );
}

/** The portfolio's totals as four cards; energy and size read "—" until a project has a primary study. */
function PortfolioTotals() {
  const { api } = useActors();
  const portfolio = useResource('portfolio', (signal) => getPortfolio(api, { signal }));
  const totals = portfolio.data ?? null;
  const failed = portfolio.status === 'failed';

  const value = (text: (t: Portfolio) => string) => (failed ? '—' : totals && text(totals));
  const studied = (text: (t: Portfolio) => string) => value((t) => (t.primary_studies > 0 ? text(t) : '—'));
  const studiesHelp = failed
    ? 'Totals could not be loaded'
    : totals && (totals.primary_studies > 0 ? `From ${totals.primary_studies} primary stud${totals.primary_studies === 1 ? 'y' : 'ies'}` : 'Run a feasibility study to see it');
  return (
    <SimpleGrid as="section" aria-label="Portfolio totals" columns={{ base: 2, lg: 4 }} gap={{ base: 3, md: 4 }}>
      <StatCard label="Projects" icon={FolderKanban} value={value((t) => formatInteger(t.projects))} />
      <StatCard label="Hectares" icon={LandPlot} value={value((t) => hectaresText(t.hectares))} help={totals?.hectares === 0 ? 'Draw a boundary to count its area' : 'Inside drawn boundaries'} />
      <StatCard label="DC capacity" icon={Zap} value={studied((t) => dcSizeText(t.mwdc * 1000))} help={studiesHelp} />
      <StatCard label="Energy (P50)" icon={SunMedium} value={studied((t) => annualEnergyText(t.mwh_per_year * 1000))} help={studiesHelp} />
    </SimpleGrid>
  );
}

function NoProjects() {
  return (
    <EmptyPanel
      size="md"
      icon={<FolderPlus aria-hidden />}
      title="Create your first project"
      description="Place the site on the map, draw its boundary and attach parcels; then screen them and run a feasibility study."
    >
      <Button asChild colorPalette="brand">
        <RouterLink href="/project/add">
          <Plus aria-hidden /> Create a project
        </RouterLink>
      </Button>
    </EmptyPanel>
  );
}


/** The search box and the list, newest first, a page at a time (searched by the API, so projects past the map's limit are found too). */
function ProjectListPane({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { api } = useActors();
  const [page, setPage] = useState(1);
  const projects = useResource(
    JSON.stringify([search, page]),
    async (signal) => {
      // Typing waits a moment so each keystroke does not ask the server.
      await pause(200, signal);
      return listProjects(api, { search: search.trim() || undefined, page, page_size: pageSize }, { signal });
    },
    { keepPrevious: true },
  );
  const list = projects.data ?? null;
  const failed = projects.status === 'failed';

  const pages = list ? Math.max(1, Math.ceil(list.count / pageSize)) : 1;
  return (
    <Stack gap={3} h={{ lg: paneHeight }} minH={0}>
      <Box position="relative">
        <Box position="absolute" insetStart={3} top="50%" transform="translateY(-50%)" zIndex={1} display="flex" color="fg.muted" pointerEvents="none" aria-hidden>
          <Search size={16} />
        </Box>
        <Input
          ps={9}
          bg="bg.panel"
          placeholder="Search projects by name"
          aria-label="Search projects"
          value={search}
          onChange={(event) => {
            onSearch(event.target.value);
            setPage(1);
          }}
        />
      </Box>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {list && (search.trim() ? `${list.count} project${list.count === 1 ? '' : 's'} match${list.count === 1 ? 'es' : ''}; the map shows them.` : `${list.count} project${list.count === 1 ? '' : 's'}, newest first`)}
      </Text>
      {failed && <Text color="fg.error">The projects could not be loaded. Please try again.</Text>}
      <Stack gap={3} flex="1" minH={0} overflowY={{ lg: 'auto' }} pe={{ lg: 1 }}>
        {!list && !failed && [0, 1, 2].map((card) => <Skeleton key={card} h="28" rounded="l3" flexShrink={0} />)}
        {list?.results.length === 0 && (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <SearchX aria-hidden />
              </EmptyState.Indicator>
              <EmptyState.Title>{search.trim() ? 'No project matches this name.' : 'No projects yet.'}</EmptyState.Title>
              {search.trim() && <EmptyState.Description>Clear the search to see every project again.</EmptyState.Description>}
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        {list?.results.map((project) => <ProjectCard key={project.id} project={project} />)}
      </Stack>
      {list && pages > 1 && (
        <HStack justify="space-between" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            Page {page} of {pages}
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

const placeOf = (project: ProjectListItem) =>
  [project.address, project.postal_code, project.country].filter(Boolean).join(', ') ||
  (project.location ? formatLatLng(project.location.lat, project.location.lng, 4) : 'No location');

function ProjectCard({ project }: { project: ProjectListItem }) {
  const primary = project.primary_study;
  return (
    <Card.Root asChild size="sm" variant="outline" bg="bg.panel" flexShrink={0} _hover={{ borderColor: 'brand.emphasized' }} transition="border-color 0.15s">
      <RouterLink href={projectPath(project)}>
        <Card.Body gap={2}>
          <HStack justify="space-between" align="flex-start" gap={2}>
            <Card.Title wordBreak="break-word">{project.name}</Card.Title>
            <Badge flexShrink={0} colorPalette={statusPalette[project.status]}>
              {statusLabel(project.status)}
            </Badge>
          </HStack>
          <HStack gap={1.5} fontSize="sm" color="fg.muted">
            <MapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text truncate>{placeOf(project)}</Text>
          </HStack>
          <HStack gap={2} wrap="wrap">
            {project.area && <Badge colorPalette="green">{hectaresText(project.area.ha)}</Badge>}
            {project.parcel_count > 0 && (
              <Badge colorPalette="blue">
                {project.parcel_count} attached parcel{project.parcel_count === 1 ? '' : 's'}
              </Badge>
            )}
            {primary ? (
              <Badge colorPalette="brand">
                <Zap size={12} aria-hidden /> {dcSizeText(primary.dc_kw)} · {annualEnergyText(primary.p50_annual_kwh)}
              </Badge>
            ) : (
              <Text fontSize="xs" color="fg.muted">
                No study yet
              </Text>
            )}
          </HStack>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  );
}
