/**
 * pb_hooks/lib/fileContent.js: an uploaded file's stored name made to say what its content is (the
 * integration suite stores PNG and PDF files under other accepted names; here every type forms accept).
 * Evaluated as CommonJS in a fresh V8 context with PocketBase's `toBytes` supplied, as in goja.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { registry } from '../../../src/generated/registry.ts';
import type { FormModule } from '../../../src/engine/types.ts';

interface Type {
  mime: string;
  ext: string;
  names: string[];
}
interface Reader {
  bytes: Uint8Array;
  closed: boolean;
}
interface UnsavedFile {
  name: string;
  reader: { open(): Reader };
}
interface FileContent {
  TYPES: Type[];
  typeOfContent(bytes: number[]): Type | null;
  typeOfName(name: string): Type | null;
  nameByContent(file: UnsavedFile): string;
}

const SOURCE_PATH = fileURLToPath(new URL('../../../pb_hooks/lib/fileContent.js', import.meta.url));

function load(): FileContent {
  const module = { exports: {} as unknown };
  // PocketBase's toBytes(reader, max): at most `max` bytes of a reader, as a byte list.
  const toBytes = (reader: Reader, max: number) => [...reader.bytes.subarray(0, max)];
  vm.runInNewContext(readFileSync(SOURCE_PATH, 'utf8'), { module, exports: module.exports, toBytes, require: undefined }, { filename: SOURCE_PATH });
  return module.exports as FileContent;
}

const fc = load();

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
/** The first bytes of a real file of each type (as the format's specification starts it). */
const HEADS: Record<string, number[]> = {
  'application/pdf': ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR')],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF\0')],
  'image/gif': ascii('GIF89a\x01\x00\x01\x00'),
  'image/webp': [...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')],
  'image/heic': [0, 0, 0, 0x18, ...ascii('ftypheic'), 0, 0, 0, 0, ...ascii('mif1heic')],
  'application/msword': [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0, ...ascii('[Content_Types].xml')],
};

function unsaved(name: string, bytes: number[]) {
  const opened: Reader[] = [];
  const file: UnsavedFile = {
    name,
    reader: {
      open() {
        const reader = Object.assign(Object.create({ close: () => (reader.closed = true) }), { bytes: Uint8Array.from(bytes), closed: false }) as Reader;
        opened.push(reader);
        return reader;
      },
    },
  };
  return { file, opened };
}

describe('fileContent', () => {
  it('knows every type a form accepts', async () => {
    const accepted = new Set<string>();
    for (const service of registry.services) {
      for (const variant of service.forms) {
        const form = (await variant.load()) as FormModule;
        for (const trait of Object.values(form.traits)) for (const mime of trait.file?.accept ?? []) accepted.add(mime);
      }
    }
    expect(accepted.size).toBeGreaterThan(0);
    const known = fc.TYPES.map((t) => t.mime);
    expect(
      [...accepted].filter((mime) => !known.includes(mime)),
      'accepted types fileContent.js cannot tell',
    ).toEqual([]);
  });

  it.each(Object.keys(HEADS))('tells %s by its first bytes, and by its extensions', (mime) => {
    const type = fc.typeOfContent(HEADS[mime]!);
    expect(type?.mime).toBe(mime);
    for (const ext of type!.names) {
      expect(fc.typeOfName(`scan.${ext}`)?.mime).toBe(mime);
      expect(fc.typeOfName(`SCAN.${ext.toUpperCase()}`)?.mime).toBe(mime);
    }
  });

  it('tells nothing from bytes of no accepted type, or from a name without a known extension', () => {
    for (const bytes of [ascii('MZ\x90\x00'), ascii('<!doctype html>'), [], ascii('RIFF\0\0\0\0WAVE'), [0, 0, 0, 0x18, ...ascii('ftypisom')]]) {
      expect(fc.typeOfContent(bytes)).toBeNull();
    }
    for (const name of ['scan', 'scan.', 'scan.txt', 'png', 'scan.png.exe']) expect(fc.typeOfName(name)).toBeNull();
  });

  it('renames a file whose name says another known type to its content’s extension, and closes what it opened', () => {
    const { file, opened } = unsaved('doc_a1b2c3.png', HEADS['application/pdf']!);
    expect(fc.nameByContent(file)).toBe('doc_a1b2c3.pdf');
    expect(file.name).toBe('doc_a1b2c3.pdf');
    expect(opened.map((r) => r.closed)).toEqual([true]);

    const docx = unsaved('letter_x.doc', HEADS['application/vnd.openxmlformats-officedocument.wordprocessingml.document']!);
    expect(fc.nameByContent(docx.file)).toBe('letter_x.docx');
  });

  it('drops the last of two extensions when the first already names the content (PocketBase keeps both)', () => {
    const cases: [string, number[], string][] = [
      ['scan_a1.pdf.png', HEADS['application/pdf']!, 'scan_a1.pdf'],
      ['photo_a1.JPEG.png', HEADS['image/jpeg']!, 'photo_a1.JPEG'],
      ['report_a1.final.png', HEADS['application/pdf']!, 'report_a1.final.pdf'],
      ['scan_a1.gif.png', HEADS['application/pdf']!, 'scan_a1.gif.pdf'], // the first names yet another type
    ];
    for (const [name, bytes, renamed] of cases) expect(fc.nameByContent(unsaved(name, bytes).file), name).toBe(renamed);
  });

  it('leaves a name alone when it already says the content', () => {
    for (const [name, bytes] of [
      ['photo_1.jpeg', HEADS['image/jpeg']!],
      ['photo_1.JPG', HEADS['image/jpeg']!],
      ['photo_1.heif', HEADS['image/heic']!],
    ] as [string, number[]][]) {
      const { file } = unsaved(name, bytes);
      expect(fc.nameByContent(file), name).toBe('');
      expect(file.name).toBe(name);
    }
  });

  it('29.11: stores a file under its content’s extension whatever its name says (a GIF named .js is a .gif)', () => {
    const cases: [string, number[], string][] = [
      ['payload_1.js', HEADS['image/gif']!, 'payload_1.gif'],
      ['page_1.html', HEADS['image/png']!, 'page_1.png'],
      ['notes_1', HEADS['application/pdf']!, 'notes_1.pdf'],
      ['notes_1.txt', HEADS['application/pdf']!, 'notes_1.pdf'],
      ['image_1.svg', HEADS['image/jpeg']!, 'image_1.jpg'],
      // Content of no type a form accepts never gets an extension that a browser would run or render.
      ['scan_1.png', ascii('MZ\x90\x00'), 'scan_1.bin'],
      ['script_1.js', ascii('alert(1)'), 'script_1.bin'],
    ];
    for (const [name, bytes, stored] of cases) {
      const { file } = unsaved(name, bytes);
      expect(fc.nameByContent(file), name).toBe(stored);
      expect(file.name).toBe(stored);
    }
  });
});
