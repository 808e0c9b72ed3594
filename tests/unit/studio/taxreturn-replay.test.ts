/**
 * The studio builds the tax-return fixture: from a blank service, the edits of TAXRETURN_STEPS (the
 * order tests/e2e/studio-taxreturn clicks them in) give files byte-equal to
 * tests/fixtures/services/taxreturn/, which the generator's own tests accept.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_FILES, type ServiceDraft, type ServiceFile } from '../../../studio/model/document.ts';
import { parseDraft, writeDraft } from '../../../studio/model/format.ts';
import { TAXRETURN_NEW, TAXRETURN_STEPS, buildTaxreturn } from '../../../studio/model/taxreturnSteps.ts';
import { newService } from '../../../studio/model/templates.ts';

const FIXTURE = join(import.meta.dirname, '../../fixtures/services/taxreturn');
const fixture = Object.fromEntries(SERVICE_FILES.map((f) => [f, readFileSync(join(FIXTURE, f), 'utf8')])) as Record<ServiceFile, string>;

describe('the tax-return service built by edits', () => {
  const built = writeDraft(buildTaxreturn(newService));

  it.each(SERVICE_FILES)('%s is byte-equal to the fixture', (file) => {
    expect(built[file]).toBe(fixture[file]);
  });

  it('every step changes the draft (each click the e2e makes does something) and none throws', () => {
    let draft: ServiceDraft = newService(TAXRETURN_NEW);
    for (const step of TAXRETURN_STEPS) {
      const next = step.edit(draft);
      expect(next, step.control).not.toBe(draft);
      expect(step.control.length).toBeGreaterThan(0);
      draft = next;
    }
    expect(TAXRETURN_STEPS.length).toBeGreaterThan(100);
  });

  it('the edits never change a draft they are given (pure)', () => {
    const start = newService(TAXRETURN_NEW);
    const before = JSON.stringify(start);
    TAXRETURN_STEPS.slice(0, 5).reduce((d, s) => s.edit(d), start);
    expect(JSON.stringify(start)).toBe(before);
  });

  it('reading the fixture and writing it back with its own text as previous changes nothing', () => {
    const draft = parseDraft('taxreturn', fixture);
    expect(writeDraft(draft, fixture)).toEqual(fixture);
    expect(writeDraft(draft)).toEqual(fixture);
  });
});
