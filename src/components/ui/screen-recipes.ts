import {
  avatarSlotRecipe,
  badgeRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  separatorRecipe,
  skeletonRecipe,
  sliderSlotRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
} from '@chakra-ui/react/theme';
import { addRecipes } from './system.ts';

/**
 * The recipes of the components only lazily loaded screens use. src/app/app.tsx loads this module beside every lazy
 * screen, so they are registered before any of those components renders.
 */
export const screenRecipes = {
  badge: badgeRecipe,
  checkmark: checkmarkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
};

export const screenSlotRecipes = {
  avatar: avatarSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  slider: sliderSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
};

addRecipes({ recipes: screenRecipes, slotRecipes: screenSlotRecipes });
