/**
 * Chakra's default theme put together from its files, as its dist/esm/theme/index.js does, but without that module's
 * re-exports of every recipe: through them the bundler kept every recipe a lazy screen uses in the first chunk (see
 * the `@chakra-theme` alias in vite.config.ts). The landing page's recipes are here; the others are imported where
 * they are registered (screen-recipes.ts). Never import `@chakra-ui/react/theme` (tests/unit/ui-system.test.ts).
 */
import { animationStyles } from '@chakra-theme/motion-styles.js';
import { breakpoints } from '@chakra-theme/breakpoints.js';
import { globalCss } from '@chakra-theme/global-css.js';
import { keyframes } from '@chakra-theme/tokens/keyframes.js';
import { layerStyles } from '@chakra-theme/layer-styles.js';
import { textStyles } from '@chakra-theme/text-styles.js';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios.js';
import { animations } from '@chakra-theme/tokens/animations.js';
import { blurs } from '@chakra-theme/tokens/blurs.js';
import { borders } from '@chakra-theme/tokens/borders.js';
import { colors } from '@chakra-theme/tokens/colors.js';
import { durations } from '@chakra-theme/tokens/durations.js';
import { easings } from '@chakra-theme/tokens/easings.js';
import { fonts } from '@chakra-theme/tokens/fonts.js';
import { fontSizes } from '@chakra-theme/tokens/font-sizes.js';
import { fontWeights } from '@chakra-theme/tokens/font-weights.js';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing.js';
import { lineHeights } from '@chakra-theme/tokens/line-heights.js';
import { radii } from '@chakra-theme/tokens/radius.js';
import { spacing } from '@chakra-theme/tokens/spacing.js';
import { sizes } from '@chakra-theme/tokens/sizes.js';
import { zIndices } from '@chakra-theme/tokens/z-indices.js';
import { cursor } from '@chakra-theme/tokens/cursor.js';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors.js';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii.js';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows.js';
import { alertSlotRecipe } from '@chakra-theme/recipes/alert.js';
import { buttonRecipe } from '@chakra-theme/recipes/button.js';
import { cardSlotRecipe } from '@chakra-theme/recipes/card.js';
import { containerRecipe } from '@chakra-theme/recipes/container.js';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field.js';
import { headingRecipe } from '@chakra-theme/recipes/heading.js';
import { iconRecipe } from '@chakra-theme/recipes/icon.js';
import { inputRecipe } from '@chakra-theme/recipes/input.js';
import { linkRecipe } from '@chakra-theme/recipes/link.js';
import { listSlotRecipe } from '@chakra-theme/recipes/list.js';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton.js';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner.js';
import { textareaRecipe } from '@chakra-theme/recipes/textarea.js';

export const cssVarsPrefix = 'chakra';
export const cssVarsRoot = ':where(html, .chakra-theme)';
export const tokens = { aspectRatios, animations, blurs, borders, colors, durations, easings, fonts, fontSizes, fontWeights, letterSpacings, lineHeights, radii, spacing, sizes, zIndex: zIndices, cursor };
export const semanticTokens = { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii };
export { animationStyles, breakpoints, globalCss, keyframes, layerStyles, textStyles };
export { alertSlotRecipe, buttonRecipe, cardSlotRecipe, containerRecipe, fieldSlotRecipe, headingRecipe, iconRecipe, inputRecipe, linkRecipe, listSlotRecipe, skeletonRecipe, spinnerRecipe, textareaRecipe };
