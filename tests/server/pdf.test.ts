import { describe, expect, it } from 'vitest';
import { textPdf } from '../../server/seed/pdf.ts';

describe('seed reports are real PDFs (the version list PDF link, spec 000 §2)', () => {
  const pdf = textPdf('Inspection Report - version 1', ['Appointment 1005120001', 'Maruti (Swift) \\ VXi', 'QC by: qc.reviewer@qc.example']).toString('latin1');

  it('has the PDF header, trailer and end marker', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toMatch(/trailer\n<< \/Size 6 \/Root 1 0 R >>/);
  });

  it('has an xref table whose offsets point at each object, and startxref at the table', () => {
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + `${i + 1} 0 obj\n`.length)).toBe(`${i + 1} 0 obj\n`));
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
  });

  it('declares the exact content stream length and escapes text delimiters', () => {
    const m = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf)!;
    expect(Number(m[1])).toBe(Buffer.byteLength(m[2], 'latin1'));
    expect(m[2]).toContain('(Maruti \\(Swift\\) \\\\ VXi) \'');
    expect(m[2]).toContain('(Inspection Report - version 1) Tj');
  });
});
