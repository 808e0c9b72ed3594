/**
 * A service's statuses as the list reads them (ServiceEntry.workflow, generated from service.json or
 * site.json): a record's status, and the statuses a bulk change offers.
 */
import type { ServiceEntry, Workflow } from '../../engine/types.ts';

export type ListWorkflow = Workflow;

/** A service's workflow. */
export const workflowOf = (service: ServiceEntry): Workflow => service.workflow;

/** A record's status: a record from before the workflow has none yet and counts as the initial one. */
export const statusOf = (workflow: Workflow, stored: unknown): string => (typeof stored === 'string' && stored ? stored : workflow.initial);

/**
 * The statuses a bulk change offers: every one staff may move some record to (the server refuses, per
 * record, a move its current status does not allow).
 */
export function bulkTargets(workflow: Workflow): string[] {
  const targets = new Set(Object.values(workflow.transitions).flat());
  return workflow.statuses.filter((s) => targets.has(s));
}
