/**
 * An agreement's documents as a PDF, laid out here in PocketBase's JS runtime with jsPDF
 * (pb_hooks/generated/pdf.js: the library bundled for goja, Noto Sans subset to the letters a text or a
 * name can hold, the labels per language). The texts come as blocks the generator made from their markdown
 * (generator/agreementMarkup.ts), so no markdown is parsed here. Synchronous, like everything in goja: one
 * signed contract with its disclosure and notice takes about half a second, which is why the e-mail's copy
 * is made by the outbox job, not in the submission's request.
 */

const PAGE = { width: 612, height: 792, margin: 54 }; // US Letter, 3/4 inch margins, in points
const SIZE = { title: 15, heading: 12, body: 10.5, small: 8.5 };
const LEADING = 1.4;
const FONT = 'NotoSans';

/** The bundle is large: loaded by the first PDF a runtime writes, not with every hook. */
let bundle = null;
function pdfBundle() {
  if (!bundle) bundle = require(`${__hooks}/generated/pdf.js`);
  return bundle;
}

/** A document without blocks (archived before they were kept): its paragraphs as written, plain. */
function plainBlocks(text) {
  return String(text || '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ k: 'p', runs: [{ t: p }] }));
}

/** Words (each with the spaces after it) of runs, keeping their weight; "\n" is a line break of its own. */
function words(runs) {
  const out = [];
  for (const run of runs) {
    const parts = String(run.t).split(/(\n|[^\S\n]+)/);
    for (const part of parts) {
      if (!part) continue;
      if (part === '\n') out.push({ t: '\n', b: !!run.b, br: true });
      else if (/^[^\S\n]+$/.test(part) && out.length > 0 && !out[out.length - 1].br) out[out.length - 1].t += ' ';
      else if (!/^[^\S\n]+$/.test(part)) out.push({ t: part, b: !!run.b });
    }
  }
  return out;
}

/**
 * Each character's width at size 1 in each weight, found once per runtime: measuring word by word through
 * the library (a font switch and a width lookup per word) was most of a document's time.
 */
const UNIT_WIDTHS = { normal: {}, bold: {} };
function textWidth(doc, text, bold) {
  const weight = bold ? 'bold' : 'normal';
  const table = UNIT_WIDTHS[weight];
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    let w = table[c];
    if (w === undefined) {
      doc.setFont(FONT, weight);
      w = table[c] = doc.getStringUnitWidth(c);
    }
    sum += w;
  }
  return sum;
}

/**
 * A US Letter document in `language` written top to bottom, a new page when one is full: title, blocks
 * (headings, paragraphs, lists), note (a bold line), facts (label: value lines), rule, gap, newPage;
 * `doc` is the jsPDF document.
 */
function writer(language) {
  const lib = pdfBundle();
  const doc = new lib.jsPDF({ unit: 'pt', format: 'letter', compress: true });
  doc.addFileToVFS('NotoSans-Regular.ttf', lib.fonts.regular);
  doc.addFont('NotoSans-Regular.ttf', FONT, 'normal');
  doc.addFileToVFS('NotoSans-Bold.ttf', lib.fonts.bold);
  doc.addFont('NotoSans-Bold.ttf', FONT, 'bold');
  doc.setLanguage(language === 'uz' ? 'uz' : language === 'ru' ? 'ru' : 'en-US');
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin;

  const room = (height) => {
    if (y + height > PAGE.height - PAGE.margin - 14) {
      doc.addPage();
      y = PAGE.margin;
    }
  };

  /** Runs wrapped to the text width at `size`, each line drawn as the runs of one weight it holds. */
  function runs(list, size, indent) {
    const left = PAGE.margin + (indent || 0);
    const max = width - (indent || 0);
    const lineHeight = size * LEADING;
    doc.setFontSize(size);
    let line = [];
    let lineWidth = 0;
    const measure = (w) => textWidth(doc, w.t, !!w.b) * size;
    const flush = () => {
      room(lineHeight);
      let x = left;
      // Consecutive words of one weight as one string: one call into the library per change of weight.
      let i = 0;
      while (i < line.length) {
        let text = '';
        const bold = line[i].b;
        while (i < line.length && line[i].b === bold) text += line[i++].t;
        doc.setFont(FONT, bold ? 'bold' : 'normal');
        doc.text(text.replace(/ +$/, ''), x, y + size);
        x += textWidth(doc, text, bold) * size;
      }
      y += lineHeight;
      line = [];
      lineWidth = 0;
    };
    for (const w of words(list)) {
      if (w.br) {
        flush();
        continue;
      }
      const wWidth = measure(w);
      const trimmed = wWidth - (w.t.endsWith(' ') ? textWidth(doc, ' ', !!w.b) * size : 0);
      if (line.length > 0 && lineWidth + trimmed > max) flush();
      if (trimmed > max) {
        // One word wider than the page (a hash): broken by the library at characters.
        for (const piece of doc.splitTextToSize(w.t, max)) {
          line.push({ t: piece, b: w.b });
          flush();
        }
        continue;
      }
      line.push(w);
      lineWidth += wWidth;
    }
    if (line.length > 0) flush();
  }

  return {
    doc,
    gap(points) {
      y += points;
    },
    title(text) {
      room(SIZE.title * LEADING * 2);
      runs([{ t: text, b: true }], SIZE.title, 0);
      y += 6;
    },
    blocks(list) {
      for (const block of list) {
        if (block.k === 'h') {
          room(SIZE.heading * LEADING * 3); // a subheading never ends a page
          y += 6;
          runs(block.runs.map((r) => ({ t: r.t, b: true })), SIZE.heading, 0);
        } else if (block.k === 'ul') {
          for (const item of block.items) {
            room(SIZE.body * LEADING);
            doc.setFont(FONT, 'normal');
            doc.setFontSize(SIZE.body);
            doc.text('•', PAGE.margin + 4, y + SIZE.body);
            runs(item, SIZE.body, 16);
            y += 2;
          }
        } else runs(block.runs, SIZE.body, 0);
        y += 6;
      }
    },
    /** A line in bold, set apart from what follows. */
    note(text) {
      runs([{ t: text, b: true }], SIZE.body, 0);
      y += 6;
    },
    /** label: value lines, the label bold. */
    facts(lines) {
      for (const l of lines) runs([{ t: l[0] + ': ', b: true }, { t: l[1] }], SIZE.body, 0);
    },
    rule() {
      room(12);
      doc.setDrawColor(120);
      doc.line(PAGE.margin, y + 4, PAGE.width - PAGE.margin, y + 4);
      y += 12;
    },
    newPage() {
      doc.addPage();
      y = PAGE.margin;
    },
  };
}

/**
 * The PDF of `documents` ({ title, blocks?, text, version, hash, signature? }; `signature`: { name, signedAt },
 * `name` '' when the typed name is not printed, lib/signedCopy.js) in `language`. `reference`: the
 * application's, on every page ('' for a copy to read before signing, which says it is not signed).
 * Returns the file's bytes (an ArrayBuffer).
 */
function agreementPdf(documents, language, reference) {
  const lib = pdfBundle();
  const labels = lib.labels[language] || lib.labels[lib.defaultLanguage];
  const w = writer(language);
  documents.forEach((d, i) => {
    if (i > 0) w.newPage();
    w.title(d.title);
    if (!reference) w.note(labels.unsigned);
    w.blocks(Array.isArray(d.blocks) && d.blocks.length > 0 ? d.blocks : plainBlocks(d.text));
    const facts = [];
    if (d.signature) {
      facts.push([labels.signedBy, d.signature.name || labels.nameWithheld]);
      facts.push([labels.signedAt, d.signature.signedAt]);
    }
    facts.push([labels.version, d.version]);
    facts.push([labels.hash, d.hash]);
    w.rule();
    if (d.signature) w.title(labels.signatureHeading);
    w.facts(facts);
  });
  stampPages(w.doc, (page, pages) => {
    const number = labels.page.replace('{pages}', String(pages)).replace('{page}', String(page));
    return reference ? labels.reference + ': ' + reference + '   ·   ' + number : number;
  });
  return w.doc.output('arraybuffer');
}

/** Writes `line(page, pages)` at the foot of every page of `doc`, once the document is complete. */
function stampPages(doc, line) {
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFont(FONT, 'normal');
    doc.setFontSize(SIZE.small);
    doc.text(line(p, pages), PAGE.margin, PAGE.height - PAGE.margin / 2);
  }
}

// writer and stampPages also lay out staff's printed application (lib/applicationPdf.js).
module.exports = { agreementPdf, writer, stampPages };
