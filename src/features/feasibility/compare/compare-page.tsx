import { Badge, Button, Checkbox, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { GitCompareArrows } from 'lucide-react';
import { Link as RouterLink, useLocation, useSearch } from 'wouter';
import type { FeasibilityStudy } from '../../../contract/feasibility.ts';
import { useActors } from '../../../lib/actors-context.tsx';
import { projectPath } from '../../../lib/project-path.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useProject } from '../../../lib/use-project.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { getStudyFinance, listStudies } from '../api/studies.ts';
import { CompareCashFlows } from './compare-cash-flows.tsx';
import { comparePath } from '../../../lib/project-path.ts';
import { comparedIds, firstToCompare, maxCompared, minCompared } from './compare-path.ts';
import { CompareAssumptions, CompareFigures } from './compare-table.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';

/**
 * /project/{id}/{name}/compare?studies=12,15: two to four of a project's studies side by side (headline figures,
 * yearly cash flows, and the assumptions that differ). Without `studies` in the address it compares the primary
 * study with the newest other one.
 * `projectName` is the route's name segment; the project's own name replaces it once read.
 */
export function CompareStudiesPage({ projectId, projectName }: { projectId: string; projectName: string }) {
  usePageTitle('Compare studies');
  const { api } = useActors();
  const name = useProject(projectId).project?.name ?? projectName;
  const project = { id: projectId, name };
  const list = useResource(`studies|${projectId}`, (signal) => listStudies(api, projectId, { signal }));

  return (
    <Stack gap={5} minW={0}>
      <Stack gap={1}>
        <Text fontSize="sm" color="fg.muted">
          <RouterLink href={projectPath(project)} style={{ textDecoration: 'underline' }}>
            {name}
          </RouterLink>{' '}
          › Feasibility studies
        </Text>
        <PageHeader title="Compare studies" icon={GitCompareArrows} description="Headline figures, yearly cash flows and the assumptions that differ, side by side." />
      </Stack>
      {list.status === 'loading' && (
        <Stack gap={3} role="status" aria-busy="true" aria-label="Loading the studies">
          <Skeleton h="16" rounded="lg" />
          <Skeleton h="64" rounded="lg" />
        </Stack>
      )}
      {list.status === 'failed' && <LoadFailed detail={list.error.detail ?? 'The studies could not be loaded.'} onRetry={list.retry} />}
      {list.status === 'ready' &&
        (list.data.results.length < minCompared ? (
          <EmptyPanel
            icon={<GitCompareArrows aria-hidden />}
            title="Two studies are needed to compare"
            description={`This project has ${list.data.results.length === 0 ? 'no study' : 'one study'} yet. Run another (a different preset, size or tilt, say) and compare them here.`}
          >
            <Button asChild size="sm" variant="outline">
              <RouterLink href={projectPath(project)}>Back to the project</RouterLink>
            </Button>
          </EmptyPanel>
        ) : (
          <Comparison project={project} studies={list.data.results} />
        ))}
    </Stack>
  );
}


/** The picker and, once two studies are picked, the comparison; the picked ids live in the address. */
function Comparison({ project, studies }: { project: { id: string; name: string }; studies: readonly FeasibilityStudy[] }) {
  const { api } = useActors();
  const [, navigate] = useLocation();
  const requested = comparedIds(useSearch());
  const known = new Map(studies.map((study) => [study.id, study]));
  const ids = (requested ?? firstToCompare(studies)).filter((id) => known.has(id)).slice(0, maxCompared);
  const selected = ids.map((id) => known.get(id)!);
  const gone = (requested ?? []).filter((id) => !known.has(id)).length;
  const comparing = selected.length >= minCompared;

  const finances = useResource(comparing ? `finances|${ids.join(',')}` : null, (signal) => Promise.all(ids.map((id) => getStudyFinance(api, id, { signal }))), { keepPrevious: true });
  const pick = (id: string, on: boolean) => navigate(comparePath(project, on ? [...ids, id] : ids.filter((other) => other !== id)), { replace: true });

  return (
    <Stack gap={5} minW={0}>
      <SectionCard title="Studies" description={`Pick ${minCompared} to ${maxCompared} studies; the columns follow the order you pick them in.`}>
        <Stack gap={2}>
          <Flex as="fieldset" wrap="wrap" gap={{ base: 3, md: 5 }} aria-label="Studies to compare">
            {studies.map((study) => {
              const checked = ids.includes(study.id);
              return (
                <Checkbox.Root key={study.id} size="sm" checked={checked} disabled={!checked && ids.length >= maxCompared} onCheckedChange={(details) => pick(study.id, details.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {study.name} {study.is_primary && <Badge colorPalette="brand">Primary</Badge>}
                  </Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </Flex>
          {ids.length >= maxCompared && studies.length > maxCompared && (
            <Text fontSize="sm" color="fg.muted">
              At most {maxCompared} side by side: untick one to pick another.
            </Text>
          )}
          {gone > 0 && (
            <Text fontSize="sm" color="fg.warning">
              {gone === 1 ? 'One study in the link no longer exists.' : `${gone} studies in the link no longer exist.`}
            </Text>
          )}
        </Stack>
      </SectionCard>

      {!comparing ? (
        <EmptyPanel icon={<GitCompareArrows aria-hidden />} title={`Pick at least ${minCompared} studies`} description="Tick the studies above to see their figures, cash flows and assumptions side by side." />
      ) : (
        <>
          <SectionCard title="Headline figures" description="The best result in each row is marked, where the studies share a currency and a tax basis.">
            <CompareFigures project={project} studies={selected} />
          </SectionCard>
          <SectionCard title="Yearly cash flows" description="Each study's cash flow per year: pre-tax for the project, or the owner's after debt and tax for a single-owner study.">
            {finances.status === 'failed' && <LoadFailed detail={finances.error.detail ?? 'The cash flows could not be loaded.'} onRetry={finances.retry} />}
            {finances.status !== 'failed' && (finances.data ? <CompareCashFlows studies={selected} finances={finances.data} /> : <Skeleton h="72" role="status" aria-label="Loading the cash flows" />)}
          </SectionCard>
          <SectionCard title="Assumptions" description="Every value the studies ran on; the rows that differ are highlighted.">
            <CompareAssumptions project={project} studies={selected} />
          </SectionCard>
        </>
      )}
    </Stack>
  );
}
