import { Box, Button, CloseButton, Dialog, Heading, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { matchRoute, type RouteName } from '../../../machines/route-guard.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { isAfterTax, type Preset } from '../../contract/settings.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { projectSettingsPath } from '../../lib/project-path.ts';
import { formatNumber, formatPercent, formatQuantity } from '../../lib/number-format.ts';
import { useResource } from '../../lib/use-resource.ts';
import { assumptionFields, builtinOf, hintOf, pathOf, sections, type AssumptionField } from '../../lib/assumption-fields.ts';
import { listPresets } from '../../lib/api/presets.ts';
import { PresetBadges } from './preset-badges.tsx';

/** The screens of one project: their path holds its id and name (/project/{id}/{name}/…). */
const projectRoutes: readonly RouteName[] = ['projectDetail', 'feasibilityDetail', 'projectEdit', 'projectMap', 'projectSettings'];

/** The project of the screen behind the modal, whose presets it lists and whose settings it links to. */
function useRouteProject(): { id: string; name: string } | null {
  const [location] = useLocation();
  const match = matchRoute(location);
  return match && projectRoutes.includes(match.route.name) ? { id: match.params.id!, name: match.params.name! } : null;
}

type Loaded = { status: 'loading' } | { status: 'failed'; detail: string } | { status: 'ready'; presets: Preset[] };

/** The presets the project's studies can use (the built-ins, the user's and the project's own), asked for on every opening. */
function usePresets(projectId: string | null) {
  const { api } = useActors();
  const { status, data, error, retry } = useResource(projectId ?? 'every project', (signal) => listPresets(api, projectId ?? undefined, { signal }));
  const state: Loaded =
    status === 'ready' ? { status, presets: data.results } : status === 'failed' ? { status, detail: error.detail ?? 'The preset could not be loaded.' } : { status };
  return [state, retry] as const;
}

const depreciationClass = (key: string) => `${key.replace(/_(\d+)$/, ' $1').toUpperCase()}-year`;

/** A value as the modal reads it: a choice by its label, a number with its unit, an empty value as "Empty". */
export function shownValue(field: AssumptionField, preset: Preset): string {
  const value = (preset.assumptions[field.section] as Record<string, unknown>)[field.key];
  if (value === null || value === undefined) return 'Empty';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (Array.isArray(value)) return value.map((item) => formatQuantity(Number(item), field.unit === 'currency' ? undefined : field.unit)).join(' / ');
  if (typeof value === 'object') {
    const shares = Object.entries(value as Record<string, number | undefined>).filter(([, share]) => share !== undefined);
    return `Allocation: ${shares.map(([key, share]) => `${depreciationClass(key)} ${formatPercent(share!, 6, { minDigits: 0 })}`).join(', ')}`;
  }
  if (typeof value === 'number' && !field.options) return formatQuantity(value, field.unit === 'currency' ? preset.assumptions.finance.currency : field.unit);
  const text = typeof value === 'number' ? formatNumber(value) : typeof value === 'string' ? value : JSON.stringify(value);
  if (field.options) return field.options.find((option) => option.value === value)?.label ?? text;
  if (!field.unit) return text;
  return `${text} ${field.unit === 'currency' ? preset.assumptions.finance.currency : field.unit}`;
}

/** Every assumption of the preset by section, each with its value, unit and cited source, as the settings form words them. */
function PresetAssumptions({ preset, presets }: { preset: Preset; presets: Preset[] }) {
  const builtin = builtinOf(preset, presets);
  const afterTax = isAfterTax(preset.assumptions.finance.structure);
  return (
    <Stack gap={5}>
      {sections.map(({ section, title }) => {
        const fields = assumptionFields.filter((field) => field.section === section);
        const headingId = `preset-section-${section}`;
        return (
          <Box as="section" key={section} aria-labelledby={headingId}>
            <Heading as="h3" size="sm" id={headingId} mb={2}>
              {title}
            </Heading>
            <Stack as="dl" gap={0} separator={<Box borderBottomWidth="1px" />}>
              {fields.map((field) => (
                <Box key={pathOf(field)} py={2} data-path={pathOf(field)}>
                  <HStack justify="space-between" align="baseline" gap={3}>
                    <Text as="dt" fontSize="sm">
                      {field.label}
                    </Text>
                    <Text as="dd" fontSize="sm" fontWeight="medium" textAlign="end">
                      {shownValue(field, preset)}
                    </Text>
                  </HStack>
                  <Text as="dd" fontSize="xs" color="fg.muted">
                    {hintOf(field, preset, builtin)}
                    {field.afterTax && !afterTax && ' Used by the single-owner (after-tax) structure only.'}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

function LoadingPreset() {
  return (
    <Stack gap={3} role="status" aria-busy="true" aria-label="Loading the preset">
      <Skeleton h="5" w="40" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h="8" />
      ))}
    </Stack>
  );
}

/** The body and footer of an open modal: loads the presets, then shows the one asked for, or says it is gone. */
function PresetView({ presetId, project, onLeave }: { presetId: string; project: { id: string; name: string } | null; onLeave: () => void }) {
  const [state, retry] = usePresets(project?.id ?? null);
  const preset = state.status === 'ready' ? state.presets.find((candidate) => candidate.id === presetId) : undefined;
  return (
    <>
      <Dialog.Header>
        <Stack gap={1}>
          <Dialog.Title>{preset?.name ?? 'Settings preset'}</Dialog.Title>
          {preset && <PresetBadges preset={preset} projectId={project?.id} />}
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        {state.status === 'loading' && <LoadingPreset />}
        {state.status === 'failed' && <LoadFailed detail={state.detail} onRetry={retry} />}
        {state.status === 'ready' &&
          (preset ? (
            <Stack gap={4}>
              <Text fontSize="sm" color="fg.muted">
                Every value a study starts from with this preset, and where it comes from. Read-only here.
              </Text>
              <PresetAssumptions preset={preset} presets={state.presets} />
            </Stack>
          ) : (
            <Text role="alert">This preset no longer exists: it was deleted, or it belongs to another project. Studies that used it keep the values they ran on.</Text>
          ))}
      </Dialog.Body>
      {project && (
        <Dialog.Footer>
          <Button asChild variant="outline">
            <RouterLink href={projectSettingsPath(project)} onClick={onLeave}>
              Edit in project settings
            </RouterLink>
          </Button>
        </Dialog.Footer>
      )}
    </>
  );
}

/**
 * The settings modal of the modal actor (spec §3 "setting id"): one preset, read-only, with every assumption, its
 * unit and cited source. Rendered once by the app; open while the modal machine is in `setting`. Closing it (the
 * close button, Escape, the backdrop) sends `modal.close`, and focus goes back to the button that opened it.
 */
export function PresetModal() {
  const { modal } = useActors();
  const presetId = useSelector(modal, (s) => (s.matches('setting') ? s.context.settingId : null));
  const project = useRouteProject();
  const [location] = useLocation();
  // What the modal shows, kept through its closing animation; each opening loads afresh and gives the focus back to its opener.
  const [shown, setShown] = useState<{ presetId: string; location: string; opener: HTMLElement | null; opening: number } | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (!!presetId !== wasOpen || (presetId && presetId !== shown?.presetId)) {
    setWasOpen(!!presetId);
    if (presetId) {
      const opener = wasOpen ? (shown?.opener ?? null) : document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setShown({ presetId, location, opener, opening: (shown?.opening ?? 0) + 1 });
    }
  }
  const close = useCallback(() => modal.send({ type: 'modal.close' }), [modal]);

  // A preset belongs to the screen it was opened from: leaving that screen (back, a link) closes it.
  const openedAt = presetId ? shown?.location : undefined;
  useEffect(() => {
    if (openedAt !== undefined && openedAt !== location) close();
  }, [openedAt, location, close]);

  return (
    <Dialog.Root
      open={!!presetId}
      onOpenChange={(details) => !details.open && close()}
      // The focus trap keeps focus inside, so focus seen outside is a stray return of focus (a dialog mounted open under
      // StrictMode hands it back to its opener, the new-study dialog's trap pulls it home): never a reason to close.
      onFocusOutside={(event) => event.preventDefault()}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      finalFocusEl={() => shown?.opener ?? null}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {shown && <PresetView key={shown.opening} presetId={shown.presetId} project={project} onLeave={close} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
