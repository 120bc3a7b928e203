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
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

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

/**
 * Sunplot's changes to Chakra's theme. Solid orange and green buttons take the 700 shade: white text on Chakra's
 * 600 (#ea580c, #16a34a) reaches only 3.6:1 and 3.3:1, under WCAG AA's 4.5:1 for body-size text.
 */
const sunplotTheme = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        orange: { solid: { value: '{colors.orange.700}' } },
        green: { solid: { value: '{colors.green.700}' } },
      },
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
