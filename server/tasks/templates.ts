/**
 * Built-in task templates: the development work of a utility-scale ground-mount and of a commercial rooftop project,
 * each task with why it is there and where that comes from. Users' own templates are stored; these live in code.
 */
import type { TaskCategory, TaskPhase } from '../../src/contract/tasks.ts';

export interface TemplateTask {
  title: string;
  description: string;
  phase: TaskPhase;
  category: TaskCategory;
  why: string | null;
}

export interface BuiltinTemplate {
  id: string;
  name: string;
  description: string;
  tasks: TemplateTask[];
}

const task = (phase: TaskPhase, category: TaskCategory, title: string, description: string, why: string): TemplateTask => ({ phase, category, title, description, why });

export const utilityScaleTemplate: BuiltinTemplate = {
  id: 'builtin:utility-scale',
  name: 'Utility-scale ground mount',
  description: 'Site control to operation for a ground-mounted plant of several MW and more.',
  tasks: [
    task('site_control', 'land', 'Sign an option or lease with every landowner', 'Option to lease or buy, with the term, rent and decommissioning terms.', 'Without site control no utility accepts an interconnection request (FERC Order 2023, 2023: site-control evidence at queue entry).'),
    task('site_control', 'land', 'Order a title report and an ALTA/NSPS survey', 'Liens, easements and encroachments; boundary and improvements on a plat.', 'Lenders and title insurers require it (ALTA/NSPS Minimum Standard Detail Requirements, 2021).'),
    task('site_control', 'environmental', 'Commission a Phase I environmental site assessment', 'Records review, site visit and interviews for recognised environmental conditions.', 'Needed for the all-appropriate-inquiries defence under CERCLA (ASTM E1527-21, 2021).'),
    task('permitting', 'environmental', 'Delineate wetlands and waters on the site', 'Field delineation; avoid fill or get a Section 404 permit.', 'Fill in waters of the US needs a US Army Corps of Engineers permit (Clean Water Act §404, 33 U.S.C. 1344).'),
    task('permitting', 'environmental', 'Check the FEMA flood zones and plan around them', 'Keep equipment out of the 100-year floodplain or raise it above base flood elevation.', 'Communities in the NFIP regulate building in the mapped floodplain (44 CFR 60.3; FEMA National Flood Hazard Layer).'),
    task('permitting', 'environmental', 'Screen protected species and habitat', 'USFWS IPaC report; surveys where listed species may occur.', 'Take of listed species is prohibited (Endangered Species Act §9; USFWS IPaC).'),
    task('permitting', 'community', 'Review cultural resources with the SHPO', 'Records search and, where needed, a survey.', 'Federal permits or funding trigger Section 106 review (National Historic Preservation Act, 54 U.S.C. 306108).'),
    task('permitting', 'legal', 'Obtain the county land-use permit', 'Conditional or special use permit with the county or municipality; public hearing.', 'Zoning decides whether a solar facility is allowed and on what conditions (the county ordinance; NREL, Solar Energy Zoning Guide, 2022).'),
    task('interconnection', 'grid', 'Submit the interconnection request', 'Application, study deposit and site-control evidence to the utility or RTO.', 'A queue position is needed before studies begin (FERC Order 2023 cluster process).'),
    task('interconnection', 'grid', 'Complete the interconnection studies', 'Cluster, facilities and system-impact studies; network upgrade costs.', 'Upgrade costs are assigned in these studies and can decide feasibility (FERC Order 2023).'),
    task('interconnection', 'grid', 'Sign the interconnection agreement', 'LGIA/SGIA with milestones and security postings.', 'Commercial operation needs an executed agreement with the transmission provider (FERC pro forma LGIA, Order 2003, 2003).'),
    task('financing', 'finance', 'Run the feasibility study on the primary scenario', 'Energy (P50/P90) and cash flows on the chosen weather and assumptions.', 'Offtakers and lenders ask for an energy yield with its uncertainty (P50/P90) before term sheets (Dobos, Gilman & Kasberg, NREL/CP-6A20-54488, 2012).'),
    task('financing', 'finance', 'Sign the power purchase agreement', 'Price, term, escalation and delivery point with the offtaker.', 'Lenders size debt on contracted revenue, which the PPA price sets (NREL, Financing Solar PV at Government Sites with PPAs, 2010).'),
    task('financing', 'finance', 'Confirm tax-credit eligibility', 'Prevailing wage and apprenticeship, domestic content and energy-community adders.', 'The ITC/PTC and their adders depend on these rules (Inflation Reduction Act 2022, IRC §48 and §48E).'),
    task('construction', 'engineering', 'Run the geotechnical investigation', 'Borings and pile load tests for the racking foundations.', 'Pile design depends on soil; pull tests avoid costly refusals (IBC 2021 Chapter 18, Soils and Foundations; ASCE 7-22 loads).'),
    task('construction', 'procurement', 'Sign the EPC contract and order long-lead equipment', 'Modules, inverters, transformers and the main power transformer.', 'Transformer lead times of one to four years set the schedule (NREL, Major Drivers of Long-Term Distribution Transformer Demand, 2024).'),
    task('construction', 'engineering', 'Commission the plant', 'Tests and documentation before energisation.', 'Tests and records before energisation (IEC 62446-1:2016, grid-connected PV commissioning).'),
    task('operation', 'engineering', 'Start the O&M contract and monitoring', 'Preventive and corrective maintenance, vegetation and performance monitoring.', 'Performance ratio and availability are tracked against the study (NREL, Best Practices for O&M of PV Systems, 3rd ed., 2018).'),
  ],
};

export const rooftopTemplate: BuiltinTemplate = {
  id: 'builtin:rooftop',
  name: 'Commercial rooftop',
  description: 'From the roof survey to operation for a commercial or industrial rooftop system.',
  tasks: [
    task('site_control', 'legal', 'Agree the roof lease or on-site PPA with the building owner', 'Term aligned with the roof warranty; access and removal for re-roofing.', 'The system sits on someone else\'s roof for 20-25 years, a PV system\'s design life (IEC 61215-1:2021 qualification basis); the agreement must outlast it.'),
    task('site_control', 'engineering', 'Survey the roof and its remaining life', 'Membrane condition, age and warranty; replace first if it will not last the system.', 'Re-roofing under an array means removing it; a roof is rated for 20-30 years (NRCA Roofing Manual, 2023).'),
    task('permitting', 'engineering', 'Get a structural assessment of the roof', 'Dead and live loads, wind uplift and snow drift with the array.', 'Loads are checked against the building code (ASCE 7-22, wind and snow; IBC 2021).'),
    task('permitting', 'legal', 'Apply for the building and electrical permits', 'Plan set with fire setbacks and rapid shutdown.', 'Roof access pathways and rapid shutdown are required (IFC 1205; NEC 2023 Article 690.12).'),
    task('interconnection', 'grid', 'Apply for net metering or interconnection with the utility', 'Application, one-line diagram and the utility\'s review.', 'Export and billing depend on the utility\'s tariff and its approval (NEC 2023 Article 705; state net metering rules).'),
    task('financing', 'finance', 'Run the feasibility study on the building\'s load and tariff', 'Energy and savings at the retail tariff; P90 for the lender.', 'Savings are valued at the avoided retail rate, which drives payback (NREL, Tracking the Sun / LBNL, 2023).'),
    task('construction', 'procurement', 'Order modules, inverters and racking', 'Ballasted or attached racking as the structural assessment allows.', 'The racking choice follows the roof\'s load capacity (ASCE 7-22 loads; UL 2703 racking listing).'),
    task('construction', 'engineering', 'Inspect and commission the system', 'Authority inspection, utility witness test and permission to operate.', 'Tests and records before energisation (IEC 62446-1:2016, grid-connected PV commissioning).'),
    task('operation', 'engineering', 'Set up monitoring and the maintenance plan', 'Alerts on inverter faults; cleaning and inspection schedule.', 'Performance is tracked against the study (NREL, Best Practices for O&M of PV Systems, 3rd ed., 2018).'),
  ],
};

export const builtinTemplates: readonly BuiltinTemplate[] = [utilityScaleTemplate, rooftopTemplate];
export const findBuiltinTemplate = (id: string) => builtinTemplates.find((template) => template.id === id);
