/** A stored study as the API shows it. */
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import type { FinanceResult } from '../../src/contract/energy.ts';
import { noAfterTaxFigures } from '../../src/solar/answers.ts';
import type { StudySummary } from './repository.ts';

const savedBefore = 'Not computed: the study was saved before this figure existed. Save it again as a new study to see it.';

/** A stored finance answer as today's API gives it: studies saved before the after-tax model were all pre-tax. */
export function financeView(stored: FinanceResult): FinanceResult {
  if (stored.structure !== undefined) return stored;
  return {
    ...stored,
    structure: 'pre_tax',
    ...noAfterTaxFigures,
    debt_amount: 0,
    total_installed_cost: stored.capex,
    breakeven_ppa_per_kwh: null,
    breakeven_ppa_note: savedBefore,
    max_capex_per_wdc: null,
    max_capex_note: savedBefore,
  };
}

export const studyView = (row: StudySummary): FeasibilityStudy => ({
  id: row.id,
  project_id: row.projectId,
  name: row.name,
  is_primary: row.isPrimary,
  model_version: row.modelVersion,
  preset: { id: row.presetId, name: row.presetName },
  weather: row.weatherUsed,
  weather_hash: row.weatherHash,
  system: row.system,
  sizing: row.sizing,
  assumptions: row.assumptions,
  headline: row.headline,
  uncertainty: row.uncertainty,
  plot_map: row.plotMap
    ? {
        file_name: row.plotMap.fileName,
        content_type: row.plotMap.contentType as NonNullable<FeasibilityStudy['plot_map']>['content_type'],
        byte_size: row.plotMap.byteSize,
        uploaded_at: row.plotMap.uploadedAt.toISOString(),
      }
    : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
