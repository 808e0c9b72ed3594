import { describe, expect, it } from 'vitest';
import { filtersKey, followAddress, type Filters } from '../../../src/features/staff/filterDraft.ts';

const none: Filters = { q: '', from: '', to: '', status: '', assignee: '' };
const search = (q: string): Filters => ({ ...none, q });

describe('the staff filter bar and its address (src/features/staff/filterDraft.ts)', () => {
  it('keeps what is typed when the address catches up with the bar’s own apply, even two applies in a row', () => {
    // Apply "bekzod", type "malika" and apply it before the address has shown the first.
    let pending = [filtersKey(search('bekzod')), filtersKey(search('malika'))];
    let step = followAddress(search('bekzod'), pending);
    expect(step.follow).toBe(false); // "malika" typed since stays in the bar
    pending = step.pending;
    step = followAddress(search('malika'), pending);
    expect(step).toEqual({ follow: false, pending: [] });
  });

  it('follows any other change of the address: cleared, edited by hand, or back', () => {
    expect(followAddress(none, [])).toEqual({ follow: true, pending: [] });
    expect(followAddress(search('typed in the address'), [filtersKey(search('bekzod'))])).toEqual({ follow: true, pending: [] });
  });

  it('compares filters as the address holds them', () => {
    expect(filtersKey({ ...none, from: 'not-a-day' })).toBe(filtersKey(none));
    expect(filtersKey({ ...none, status: 'new', assignee: 'unassigned' })).not.toBe(filtersKey(none));
    expect(filtersKey({ ...none, assignee: 'someone' })).toBe(filtersKey(none)); // not a staff id: no filter
  });
});
