/** What a submit sends, what the success page receives, and which files the browser refuses. */
import { describe, expect, it } from 'vitest';
import { acceptedTypesLabel, fileProblem } from '../../../src/engine/files.ts';
import { formatSize } from '../../../src/engine/numberFormat.ts';
import { readSuccessState, successStateOf } from '../../../src/engine/successState.ts';
import { submitUrl, toFormData } from '../../../src/engine/submit.ts';

describe('the submit body', () => {
  const file = new File([new Uint8Array([1, 2, 3])], 'id.png', { type: 'image/png' });

  it('is one multipart body: values as text, the File in place of its name, then variant and language', () => {
    const body = toFormData({ firstName: 'A', terms: true, stateId: 'id.png', zip: '', city: undefined }, new Map([['stateId', [file]]]), { variant: 'full', locale: 'ru' });
    expect([...body.keys()]).toEqual(['firstName', 'terms', 'stateId', 'variant', 'locale']);
    expect(body.get('terms')).toBe('true');
    expect((body.get('stateId') as File).name).toBe('id.png');
  });

  it('sends no file for a field that was cleared', () => {
    const body = toFormData({ stateId: undefined }, new Map([['stateId', [file]]]), {});
    expect(body.has('stateId')).toBe(false);
  });

  it("goes to the service's submit route, named by its collection", () => {
    expect(submitUrl('loans')).toBe('/api/formwork/submit/loans');
  });
});

describe('files the browser refuses', () => {
  const images = { accept: ['image/jpeg', 'image/png'], maxSize: 10 * 1024 * 1024, maxFiles: 1 };
  it('checks the type, then the size', () => {
    expect(fileProblem({ type: 'image/png', size: 1000 }, images)).toBeNull();
    expect(fileProblem({ type: 'application/pdf', size: 1000 }, images)).toBe('fileType');
    expect(fileProblem({ type: 'image/png', size: 11 * 1024 * 1024 }, images)).toBe('fileSize');
    expect(fileProblem({ type: 'image/heic', size: 1 }, { ...images, accept: ['image/*'] })).toBeNull();
  });
  it('names accepted types and limits the way people say them', () => {
    expect(acceptedTypesLabel(['image/jpeg', 'image/png', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'])).toBe('JPEG, PNG, PDF, DOCX');
    expect(formatSize(10 * 1024 * 1024, 'en')).toBe('10 MB');
    expect(formatSize(512 * 1024, 'en')).toBe('512 kB');
  });
});

describe('router state of the success page', () => {
  const ack = {
    id: 'abcdefghijklmno',
    collectionName: 'creditrepairnew',
    reference: 'CR-7K3M9QXA',
    mailed: true,
    applicationUrl: 'https://formwork.example/application/creditrepair#tok',
    cancelUntil: { day: '2026-05-06', timeZone: 'America/Chicago' },
  };

  it("keeps of the server's answer the reference and what comes next, nothing else", () => {
    const state = successStateOf({ ...ack, accessToken: 'x', firstName: 'A' }, { tried: false, opened: false });
    expect(state).toEqual({ reference: 'CR-7K3M9QXA', mailed: true, applicationUrl: ack.applicationUrl, cancelUntil: ack.cancelUntil });
    // The state survives history as plain data and reads back the same.
    expect(readSuccessState(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('carries the checkout link and what became of the window: opened, blocked, or never tried', () => {
    const paid = { reference: 'CL-ABCDEFGH', checkoutUrl: 'https://pay.example/x' };
    expect(successStateOf(paid, { tried: true, opened: true })).toMatchObject({ checkoutUrl: 'https://pay.example/x', checkoutOpened: true, popupBlocked: false });
    expect(successStateOf(paid, { tried: true, opened: false })).toMatchObject({ checkoutOpened: false, popupBlocked: true });
    expect(successStateOf(paid, { tried: false, opened: false })).toMatchObject({ checkoutOpened: false, popupBlocked: false });
    expect(successStateOf({ ...paid, checkoutUrl: 'http://pay.example/x' }, { tried: true, opened: false })?.checkoutUrl).toBeUndefined();
  });

  it('ignores anything else history may hold: no state without a reference, no javascript: link, no odd deadline', () => {
    expect(readSuccessState(null)).toBeNull();
    expect(readSuccessState({ checkoutUrl: 'https://pay.example/x' })).toBeNull();
    expect(readSuccessState({ reference: 'CR-0O1IL000' })).toBeNull(); // look-alikes are never in a reference
    expect(readSuccessState({ reference: 'CR-7K3M9QXA', applicationUrl: 'javascript:alert(1)', checkoutUrl: 'javascript:alert(1)' })).toEqual({ reference: 'CR-7K3M9QXA', mailed: false });
    expect(readSuccessState({ reference: 'CR-7K3M9QXA', cancelUntil: { day: 'soon', timeZone: 'America/Chicago' } })).toEqual({ reference: 'CR-7K3M9QXA', mailed: false });
    expect(readSuccessState('x')).toBeNull();
  });
});
