import type { NewTask } from '../../../machines/task-board.machine.ts';
import { criterionLabel, type CriterionName, type Reason } from '../../contract/gis.ts';
import type { TaskCategory, TaskPhase } from '../../contract/tasks.ts';
import { formatValue, layerText } from './screening-format.ts';

type Work = { phase: TaskPhase; category: TaskCategory; title: (apn: string) => string };

const work: Record<CriterionName, Work> = {
  flood: { phase: 'permitting', category: 'environmental', title: (apn) => `Commission a flood-zone study for parcel ${apn}` },
  wetland: { phase: 'permitting', category: 'environmental', title: (apn) => `Commission a wetland delineation for parcel ${apn}` },
  protected: { phase: 'permitting', category: 'environmental', title: (apn) => `Check the protected-land status of parcel ${apn}` },
  grid_distance: { phase: 'interconnection', category: 'grid', title: (apn) => `Ask the utility about a grid connection for parcel ${apn}` },
  min_area: { phase: 'site_control', category: 'land', title: (apn) => `Review whether parcel ${apn} is large enough` },
  max_area: { phase: 'site_control', category: 'land', title: (apn) => `Review the size of parcel ${apn}` },
  land_use: { phase: 'site_control', category: 'land', title: (apn) => `Confirm the land use and zoning of parcel ${apn}` },
  slope: { phase: 'site_control', category: 'engineering', title: (apn) => `Commission a topographic survey of parcel ${apn}` },
};

/** A planner's own kind of constraint ("Setback from homes") asks them to check it on the ground. */
const customWork = (criterion: string): Work => ({ phase: 'site_control', category: 'land', title: (apn) => `Check the ${criterionLabel(criterion).toLowerCase()} constraint on parcel ${apn}` });

/**
 * The task a failing or unknown screening reason calls for, linked back to its parcel and criterion:
 * "Commission a flood-zone study for parcel 0123 (12 % in the flood zone)".
 */
export function taskFromReason(parcelId: string, apn: string, reason: Reason): NewTask {
  const kind = (work as Record<string, Work | undefined>)[reason.criterion] ?? customWork(reason.criterion);
  const measured = formatValue(reason.measured, reason.unit);
  const detail = reason.verdict === 'unknown' ? 'no data covers it yet' : `${criterionLabel(reason.criterion).toLowerCase()}: ${measured}`;
  const description = [`Screening: ${reason.rule} (${reason.verdict}).`, reason.note?.replace(/\.?$/, '.'), reason.layer ? `Layer: ${layerText(reason.layer)}.` : undefined].filter(Boolean).join(' ');
  return {
    title: `${kind.title(apn)} (${detail})`.slice(0, 200),
    phase: kind.phase,
    category: kind.category,
    description,
    parcel_id: parcelId,
    criterion: reason.criterion,
  };
}
