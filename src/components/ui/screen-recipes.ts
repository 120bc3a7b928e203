import { accordionSlotRecipe } from '@chakra-theme/recipes/accordion.js';
import { avatarSlotRecipe } from '@chakra-theme/recipes/avatar.js';
import { breadcrumbSlotRecipe } from '@chakra-theme/recipes/breadcrumb.js';
import { codeRecipe } from '@chakra-theme/recipes/code.js';
import { collapsibleSlotRecipe } from '@chakra-theme/recipes/collapsible.js';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer.js';
import { emptyStateSlotRecipe } from '@chakra-theme/recipes/empty-state.js';
import { fileUploadSlotRecipe } from '@chakra-theme/recipes/file-upload.js';
import { hoverCardSlotRecipe } from '@chakra-theme/recipes/hover-card.js';
import { kbdRecipe } from '@chakra-theme/recipes/kbd.js';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu.js';
import { popoverSlotRecipe } from '@chakra-theme/recipes/popover.js';
import { progressCircleSlotRecipe } from '@chakra-theme/recipes/progress-circle.js';
import { segmentGroupSlotRecipe } from '@chakra-theme/recipes/segment-group.js';
import { skipNavLinkRecipe } from '@chakra-theme/recipes/skip-nav-link.js';
import { statusSlotRecipe } from '@chakra-theme/recipes/status.js';
import { stepsSlotRecipe } from '@chakra-theme/recipes/steps.js';
import { switchSlotRecipe } from '@chakra-theme/recipes/switch.js';
import { tagSlotRecipe } from '@chakra-theme/recipes/tag.js';
import { timelineSlotRecipe } from '@chakra-theme/recipes/timeline.js';
import { tooltipSlotRecipe } from '@chakra-theme/recipes/tooltip.js';
import { badgeRecipe } from '@chakra-theme/recipes/badge.js';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox.js';
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark.js';
import { dataListSlotRecipe } from '@chakra-theme/recipes/data-list.js';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog.js';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select.js';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress.js';
import { radioGroupSlotRecipe } from '@chakra-theme/recipes/radio-group.js';
import { radiomarkRecipe } from '@chakra-theme/recipes/radiomark.js';
import { separatorRecipe } from '@chakra-theme/recipes/separator.js';
import { sliderSlotRecipe } from '@chakra-theme/recipes/slider.js';
import { statSlotRecipe } from '@chakra-theme/recipes/stat.js';
import { tableSlotRecipe } from '@chakra-theme/recipes/table.js';
import { tabsSlotRecipe } from '@chakra-theme/recipes/tabs.js';
import { addRecipes } from './system.ts';

/**
 * The recipes of the components only lazily loaded screens use. src/app/app.tsx loads this module beside every lazy
 * screen, so they are registered before any of those components renders.
 */
export const screenRecipes = {
  badge: badgeRecipe,
  code: codeRecipe,
  kbd: kbdRecipe,
  skipNavLink: skipNavLinkRecipe,
  checkmark: checkmarkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
};

export const screenSlotRecipes = {
  accordion: accordionSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  hoverCard: hoverCardSlotRecipe,
  menu: menuSlotRecipe,
  popover: popoverSlotRecipe,
  progressCircle: progressCircleSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  status: statusSlotRecipe,
  steps: stepsSlotRecipe,
  switch: switchSlotRecipe,
  tag: tagSlotRecipe,
  timeline: timelineSlotRecipe,
  tooltip: tooltipSlotRecipe,
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
