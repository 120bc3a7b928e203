/**
 * The app's Chakra system registers recipes component by component (src/components/ui/system.ts). A component whose
 * recipe is missing renders unstyled without any error, so these tests read every Chakra import under src/ and check
 * that its recipes are registered — the landing page's from the start, the rest once screen-recipes.ts has loaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasRecipe, initialRecipes, initialSlotRecipes } from '../../src/components/ui/system.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');

/** The recipe keys each Chakra component styles itself (and the parts it renders) with. */
const recipesOf: Record<string, string[]> = {
  Accordion: ['accordion'],
  Alert: ['alert'],
  Breadcrumb: ['breadcrumb'],
  Code: ['code'],
  Collapsible: ['collapsible'],
  Drawer: ['drawer'],
  EmptyState: ['emptyState'],
  FileUpload: ['fileUpload'],
  HoverCard: ['hoverCard'],
  Icon: ['icon'],
  Kbd: ['kbd'],
  Menu: ['menu'],
  Popover: ['popover'],
  ProgressCircle: ['progressCircle'],
  SegmentGroup: ['segmentGroup'],
  SkipNavLink: ['skipNavLink'],
  Status: ['status'],
  Steps: ['steps'],
  Switch: ['switch'],
  Tag: ['tag'],
  Timeline: ['timeline'],
  Tooltip: ['tooltip'],
  Avatar: ['avatar'],
  Badge: ['badge'],
  Button: ['button'],
  ButtonGroup: ['button'],
  Card: ['card'],
  Checkbox: ['checkbox', 'checkmark'],
  CloseButton: ['button'],
  Container: ['container'],
  DataList: ['dataList'],
  Dialog: ['dialog'],
  Field: ['field'],
  Heading: ['heading'],
  IconButton: ['button'],
  Input: ['input'],
  Link: ['link'],
  List: ['list'],
  NativeSelect: ['nativeSelect'],
  Progress: ['progress'],
  RadioGroup: ['radioGroup', 'radiomark'],
  Separator: ['separator'],
  Skeleton: ['skeleton'],
  Slider: ['slider'],
  Spinner: ['spinner'],
  Stat: ['stat'],
  Table: ['table'],
  Tabs: ['tabs'],
  Textarea: ['textarea'],
};
/** Layout primitives, providers and helpers: styled by props, no recipe. */
const withoutRecipe = new Set(['AbsoluteCenter', 'AspectRatio', 'Bleed', 'Box', 'Center', 'ChakraProvider', 'ClientOnly', 'Em', 'Flex', 'Float', 'Grid', 'GridItem', 'Group', 'HStack', 'Image', 'Portal', 'Show', 'SimpleGrid', 'SkipNavContent', 'Spacer', 'Stack', 'Strong', 'Text', 'VisuallyHidden', 'VStack', 'Wrap', 'WrapItem', 'chakra']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

function chakraImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]!)
      .filter((name) => /^[A-Z]/.test(name)),
  );
}

/**
 * Files the app's first chunks hold: reachable by static imports from src/app/start-app.tsx, the app's entry (src/main.tsx
 * starts it; a dynamic import() starts a lazy chunk).
 */
function eagerFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)) visit(resolve(dirname(file), match[1]!));
  };
  visit(join(src, 'app/start-app.tsx'));
  return [...seen].filter((file) => file.startsWith(src));
}

const keysOf = (component: string) => recipesOf[component] ?? [];

describe('the Chakra system', () => {
  it('knows every Chakra component the app imports (add new ones to the table above)', () => {
    const unknown = sourceFiles(src).flatMap((file) =>
      chakraImports(file)
        .filter((name) => !(name in recipesOf) && !withoutRecipe.has(name))
        .map((name) => `${name} in ${relative(root, file)}`),
    );
    expect(unknown).toEqual([]);
  });

  it('styles the landing page and the app frame from the start', () => {
    const initial = new Set([...Object.keys(initialRecipes), ...Object.keys(initialSlotRecipes)]);
    const eager = eagerFiles();
    expect(eager.map((file) => relative(src, file))).toContain('features/landing/getstart-page.tsx');
    const missing = eager.flatMap((file) =>
      chakraImports(file).flatMap((name) => keysOf(name).filter((key) => !initial.has(key)).map((key) => `${key} (${name} in ${relative(root, file)})`)),
    );
    expect(missing).toEqual([]);
  });

  it("takes Chakra's theme file by file, never through @chakra-ui/react/theme (its re-exports pull every recipe into the first chunk)", () => {
    const throughBarrel = sourceFiles(src).filter((file) => readFileSync(file, 'utf8').includes("from '@chakra-ui/react/theme'"));
    expect(throughBarrel.map((file) => relative(root, file))).toEqual([]);
  });

  it('has every recipe once the screens\' recipes are loaded', async () => {
    await import('../../src/components/ui/screen-recipes.ts');
    const missing = sourceFiles(src).flatMap((file) =>
      chakraImports(file).flatMap((name) => keysOf(name).filter((key) => !hasRecipe(key)).map((key) => `${key} (${name} in ${relative(root, file)})`)),
    );
    expect(missing).toEqual([]);
  });
});
