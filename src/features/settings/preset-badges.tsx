import { Badge, HStack, Icon } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import type { Preset } from '../../contract/settings.ts';

/** Whose a preset is and where it applies: built in (read-only) or the user's own, and whether only this project's. */
export function PresetBadges({ preset, projectId }: { preset: Preset; projectId: string | undefined }) {
  return (
    <HStack gap={2} wrap="wrap">
      {preset.builtin ? (
        <Badge>
          <Icon asChild boxSize="3">
            <Lock aria-hidden />
          </Icon>
          Built-in, read-only
        </Badge>
      ) : (
        <Badge colorPalette="brand">Your preset</Badge>
      )}
      {projectId !== undefined && preset.project_id === projectId && <Badge>This project only</Badge>}
    </HStack>
  );
}
