/** The signed-in user's child machines, in one chunk that loads with the first lazy screen (see actors.ts). */
export { checkoutMachine } from '../../machines/checkout.machine.ts';
export { feasibilityMachine } from '../../machines/feasibility.machine.ts';
export { taskBoardMachine } from '../../machines/task-board.machine.ts';
