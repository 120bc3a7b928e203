import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from './chakra-theme.ts';

type Theme = NonNullable<SystemConfig['theme']>;
export type Recipes = NonNullable<Theme['recipes']>;
export type SlotRecipes = NonNullable<Theme['slotRecipes']>;

/**
 * Chakra's default theme, holding at first only the recipes of what the landing page and the app's frame show.
 * `defaultSystem` would carry all of Chakra's ~80 recipes (about 33 kB gzip of style objects) into the chunk every
 * visitor loads. The recipes of the other screens' components come with those screens (screen-recipes.ts, loaded
 * beside every lazy screen). tests/unit/ui-system.test.ts fails when a component is used without its recipe.
 */
export const initialRecipes = {
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
} satisfies Recipes;

export const initialSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
} satisfies SlotRecipes;

const recipes: Recipes = { ...initialRecipes };
const slotRecipes: SlotRecipes = { ...initialSlotRecipes };

const fontStack = "'Inter Variable', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const light = (shade: number) => `{colors.brand.${shade}}`;

/**
 * Sunplot's changes to Chakra's theme: the solar `brand` palette (Tailwind's orange, the sun's amber beside it), a
 * system font stack with tighter headings, softer radii, a neutral canvas for the app, and text colours that reach
 * WCAG AA in both colour modes. Solid orange, green and brand buttons take the 700 shade: white text on Chakra's 600
 * (#ea580c, #16a34a) reaches only 3.6:1 and 3.3:1, under AA's 4.5:1 for body-size text. Dark mode is the `dark` class
 * on <html> (src/components/ui/color-mode.ts).
 */
const sunplotTheme = defineConfig({
  globalCss: {
    html: { bg: 'bg.canvas' },
    '::selection': { bg: 'brand.muted' },
  },
  theme: {
    tokens: {
      fonts: { heading: { value: fontStack }, body: { value: fontStack } },
      colors: {
        brand: {
          50: { value: '#fff7ed' },
          100: { value: '#ffedd5' },
          200: { value: '#fed7aa' },
          300: { value: '#fdba74' },
          400: { value: '#fb923c' },
          500: { value: '#f97316' },
          600: { value: '#ea580c' },
          700: { value: '#c2410c' },
          800: { value: '#9a3412' },
          900: { value: '#7c2d12' },
          950: { value: '#431407' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          contrast: { value: 'white' },
          fg: { value: { _light: light(700), _dark: light(300) } },
          subtle: { value: { _light: light(50), _dark: light(950) } },
          muted: { value: { _light: light(100), _dark: light(900) } },
          emphasized: { value: { _light: light(200), _dark: light(800) } },
          solid: { value: light(700) },
          focusRing: { value: { _light: light(600), _dark: light(400) } },
          border: { value: { _light: light(200), _dark: light(800) } },
          /** The sun in the logo. */
          sun: { value: { _light: '{colors.amber.500}', _dark: '{colors.amber.400}' } },
        },
        // Chakra's dark mode puts black text on solid orange and green: on the 700 shade only white reaches AA.
        orange: { solid: { value: '{colors.orange.700}' }, contrast: { value: 'white' } },
        green: { solid: { value: '{colors.green.700}' }, contrast: { value: 'white' } },
        bg: {
          /** Behind the app's panels: a neutral grey, so white cards stand out. */
          canvas: { value: { _light: '{colors.gray.50}', _dark: '#0c0c0e' } },
          panel: { value: { _light: '{colors.white}', _dark: '{colors.gray.900}' } },
        },
        fg: {
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          info: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
        },
      },
      radii: {
        l1: { value: '{radii.sm}' },
        l2: { value: '{radii.md}' },
        l3: { value: '{radii.lg}' },
      },
    },
    recipes: {
      heading: { base: { letterSpacing: '-0.015em', color: 'fg' } },
    },
  },
});

export const system = createSystem(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
  }),
  sunplotTheme,
);

/**
 * Registers more recipes with the running system. Chakra looks a recipe up by key when a component first renders
 * (styled-system/system.js `getRecipe`), so recipes added before their components render style them as if the
 * system had been built with them; Chakra is pinned to an exact version for this (TECH-NOTES).
 */
export function addRecipes(more: { recipes?: Recipes; slotRecipes?: SlotRecipes }) {
  const theme = system._config.theme;
  if (!theme?.recipes || !theme.slotRecipes) throw new Error('the Chakra system was built without recipe maps');
  Object.assign(theme.recipes, more.recipes);
  Object.assign(theme.slotRecipes, more.slotRecipes);
}

/** Whether the running system has a recipe (or slot recipe) for the key. */
export const hasRecipe = (key: string) => system.isRecipe(key) || system.isSlotRecipe(key);
