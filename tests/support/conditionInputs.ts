/**
 * Bad input for a form's conditions and date limits, derived from its schema like the rest of
 * samples.ts badInputs: a value for a field its condition hides (the valid answers, then each other
 * answer of the tested field: a value for the wrong branch), a field a condition requires left out, a
 * field dependentRequired asks for left out, and each date limit passed by a day (absolute, relative,
 * and relative in the applicant's time zone, sent as the contract's timeZoneOffset).
 */
import type { JSONSchema7 } from 'json-schema';
import type { FormModule } from '../../src/engine/types.ts';
import { contract } from '../../src/generated/contract.ts';
import { dateInApplicantZone, datesPastLimits, type DateProp } from './dateSamples.ts';
import { multipartWire, sampleValue, submissionParts, validSubmission, type BadInput, type Submission } from './samples.ts';

type Test = { properties?: Record<string, { const?: unknown; enum?: unknown[] }>; required?: string[] };
type Branch = { properties?: Record<string, JSONSchema7>; required?: string[] };
interface Entry {
  if: Test;
  then?: Branch;
  else?: Branch;
}

/** Whether the answers pass a condition's test (const/enum of root fields, required). */
function passes(test: Test, fields: Record<string, string>): boolean {
  if ((test.required ?? []).some((n) => fields[n] === undefined || fields[n] === '')) return false;
  return Object.entries(test.properties ?? {}).every(([n, t]) => {
    const v = fields[n];
    if (v === undefined) return true; // an absent field passes `properties` (JSON Schema)
    if (t.const !== undefined) return String(t.const) === v;
    return !t.enum || t.enum.map(String).includes(v);
  });
}

/** Answers that pass (want true) or fail the test, changing only the fields it tests; each other way of failing too. */
function answering(test: Test, base: Record<string, string>, schema: JSONSchema7, want: boolean): Record<string, string>[] {
  const props = (schema.properties ?? {}) as Record<string, JSONSchema7>;
  const out: Record<string, string>[] = [];
  if (passes(test, base) === want) out.push(base);
  for (const [n, t] of Object.entries(test.properties ?? {})) {
    const options = (props[n]?.enum ?? []).map(String);
    const candidates = t.const !== undefined ? [String(t.const), ...options] : [...(t.enum ?? []).map(String), ...options];
    for (const v of [...new Set(candidates)]) {
      const answers = { ...base, [n]: v };
      if (passes(test, answers) === want && !out.some((o) => JSON.stringify(o) === JSON.stringify(answers))) out.push(answers);
    }
  }
  return out;
}

const fieldsOf = (b: Branch | undefined) => Object.keys(b?.properties ?? {});

export function conditionInputs(form: FormModule, system: Record<string, string>): BadInput[] {
  const schema = form.schema as JSONSchema7;
  const valid = validSubmission(form);
  const wire = (fields: Record<string, string>, extra: Record<string, string> = {}) => async () =>
    multipartWire(submissionParts(form, { fields, files: valid.files } as Submission, { ...system, ...extra }));
  const out: BadInput[] = [];
  const branchValues = (b: Branch | undefined) => Object.fromEntries(fieldsOf(b).map((n) => [n, sampleValue((b?.properties?.[n] ?? {}) as never)]));

  for (const entry of (schema.allOf ?? []) as Entry[]) {
    const shown = (b: Branch | undefined) => ({ ...branchValues(b) });
    for (const [side, other, want] of [['then', 'else', false], ['else', 'then', true]] as const) {
      // Fields only this side shows, sent while the answers choose the other side.
      const only = fieldsOf(entry[side]).filter((n) => !fieldsOf(entry[other]).includes(n));
      answering(entry.if, valid.fields, schema, want).forEach((answers, i) => {
        for (const n of only) {
          const chosen = Object.entries(entry.if.properties ?? {}).map(([t]) => `${t}=${answers[t] ?? '(none)'}`).join(', ');
          out.push({
            kind: i === 0 ? 'hidden-field' : 'wrong-branch',
            what: i === 0 ? `with ${n}, which ${chosen} hides` : `with ${n}, a value for the other branch (${chosen})`,
            field: n,
            codes: ['hidden'],
            wire: wire({ ...answers, ...shown(entry[other]), [n]: branchValues(entry[side])[n] ?? 'x' }),
          });
        }
      });
      // What this side requires, left out while the answers choose it.
      const chosenAnswers = answering(entry.if, valid.fields, schema, !want)[0];
      if (!chosenAnswers) continue;
      for (const n of entry[side]?.required ?? []) {
        const fields = { ...chosenAnswers, ...shown(entry[side]) };
        delete fields[n];
        out.push({ kind: 'conditional-required-missing', what: `without ${n}, which the answers require (${side})`, field: n, codes: ['required'], wire: wire(fields) });
      }
    }
  }
  for (const [a, required] of Object.entries((schema.dependencies ?? {}) as Record<string, string[]>)) {
    if (!Array.isArray(required)) continue;
    for (const b of required) {
      const fields = { ...valid.fields, [a]: valid.fields[a] ?? sampleValue(((schema.properties ?? {}) as Record<string, object>)[a] ?? {}) };
      delete fields[b];
      out.push({ kind: 'dependent-required-missing', what: `with ${a} but without ${b}, which it requires`, field: b, codes: ['required'], wire: wire(fields) });
    }
  }
  for (const [n, prop] of Object.entries((schema.properties ?? {}) as Record<string, DateProp>)) {
    if (prop.format !== 'date') continue;
    for (const past of datesPastLimits(prop)) {
      out.push({ kind: 'date-out-of-range', what: `with ${n} ${past.value}, past its ${past.limit}`, field: n, codes: past.codes, wire: wire({ ...valid.fields, [n]: past.value }) });
    }
    const zoned = dateInApplicantZone(prop);
    if (zoned) {
      out.push({
        kind: 'date-out-of-range',
        what: `with ${n} ${zoned.value}, past its ${zoned.limit} in the applicant's time zone (timeZoneOffset ${zoned.offset})`,
        field: n,
        codes: ['x-date'],
        wire: wire({ ...valid.fields, [n]: zoned.value }, { [contract.fields.timeZoneOffset]: String(zoned.offset) }),
      });
    }
  }
  return out;
}
